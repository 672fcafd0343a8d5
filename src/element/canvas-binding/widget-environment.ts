/**
 * The environment the canvas hands to every widget (language, locale, direction, image hosts),
 * as one object per real change: a new object re-renders every widget (context passes it on by
 * identity), and the element renders once per streamed text delta.
 */
import type {ResolvedLanguage} from '../../policy/language.js';
import type {WidgetEnvironment} from '../../widgets/widget-context.js';

/** Gives the same environment object until one of its values changes. */
export class WidgetEnvironmentMemo {
  #last?: WidgetEnvironment;

  /** The environment for these values: the previous object when nothing changed. */
  of({language, locale}: ResolvedLanguage, dir: 'ltr' | 'rtl', imageHosts: readonly string[]): WidgetEnvironment {
    const last = this.#last;
    const same = last && last.language === language && last.locale === locale && last.dir === dir && last.imageHosts.join(' ') === imageHosts.join(' ');
    if (same) return last;
    return (this.#last = {language, locale, dir, imageHosts});
  }
}
