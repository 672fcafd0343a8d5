/**
 * What the element shows of its local files (part of their lazy chunk): a chip per file above the
 * composer (its name, size, rows and columns, or that it is being read, and a remove button), and
 * the drop target while files are dragged over the element, told to screen readers politely (by a
 * status line that is always there: a live region that appears with its text is often not read). File
 * names are the visitor's text: Lit renders them as text, long ones cut with the full name in `title`.
 */
import {css, html, nothing} from 'lit';
import type {AttachedFile} from '../../files/file-types.js';
import {FILE_STRINGS, fill, shapeText} from './file-strings.js';
import {sizeText} from '../common/size-text.js';

/** One chip: a file attached, or one being read (no `attached` yet). */
export interface FileChip {
  name: string;
  size: number;
  attached?: AttachedFile;
}

/** What the view is drawn from. */
export interface FilesViewState {
  chips: readonly FileChip[];
  dragging: boolean;
  language: 'fr' | 'en';
  remove(name: string): void;
}

/** The chips' and the drop target's styles (in the template: the element's first load carries none of them). */
const styles = css`
  .files { display: flex; flex-wrap: wrap; gap: var(--_space-s); margin: 0; padding: 0; list-style: none; }
  .file {
    display: flex; align-items: center; gap: var(--_space-s); max-width: 100%; box-sizing: border-box;
    padding: 0.15rem 0.25rem 0.15rem var(--_space-s); font-size: 0.85em;
    border: 1px solid var(--_color-border); border-radius: var(--_radius);
  }
  .file[aria-busy='true'] { color: var(--_color-muted); }
  .name { font-weight: 600; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .facts { color: var(--_color-muted); white-space: nowrap; }
  .file button { font: inherit; border: none; background: none; color: inherit; cursor: pointer; padding: 0.1rem 0.3rem; border-radius: var(--_radius); }
  .file button:focus-visible { outline: 2px solid var(--_color-accent); }
  .drop {
    position: absolute; inset: 0; z-index: 10; display: grid; place-items: center; padding: var(--_space-m);
    text-align: center; border: 3px dashed var(--_color-accent); border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_color-surface) 85%, transparent); pointer-events: none;
  }
  .drop[hidden] { display: none; }
  .announce { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

/** The chips and the drop target. */
export function filesView(state: FilesViewState) {
  const s = FILE_STRINGS[state.language];
  return html`<style>${styles.cssText}</style>
    ${state.chips.length
      ? html`<ul part="files" class="files" aria-label=${s.files}>
          ${state.chips.map((chip) => {
            const {attached} = chip;
            const facts = attached ? `${sizeText(chip.size, state.language)} · ${shapeText(attached.rows, attached.columns, state.language)}` : s.reading;
            return html`<li part="file" class="file" title=${chip.name} aria-busy=${attached ? 'false' : 'true'}>
              <span class="name" dir="auto">${chip.name}</span><span class="facts">${facts}</span>
              ${attached ? html`<button part="file-remove" type="button" aria-label=${fill(s.remove, {name: chip.name})} @click=${() => state.remove(chip.name)}>✕</button>` : nothing}
            </li>`;
          })}
        </ul>`
      : nothing}
    <div part="drop-target" class="drop" aria-hidden="true" ?hidden=${!state.dragging}>${s.drop}</div>
    <div class="announce" role="status">${state.dragging ? s.drop : ''}</div>`;
}
