import {expect, waitUntil} from '@open-wc/testing';
import {profileWidget} from '../../src/widgets/profile/profile.definition.js';
import {runWidgetBaseTests} from './shared/run-widget-base-tests.js';
import {renderWidget} from './shared/render-widget.js';

runWidgetBaseTests(profileWidget, {parts: ['body', 'name', 'subtitle', 'fields', 'links']});

describe('profile', () => {
  it('shows an allowed photo with the name as alt, and puts others behind a button naming the host', async () => {
    const allowed = await renderWidget(profileWidget, {name: 'Ada', avatar: 'https://img.example.org/a.jpg'}, {imageHosts: ['img.example.org']});
    expect(allowed.element.shadowRoot!.querySelector('img')!.alt).to.equal('Ada');
    const other = await renderWidget(profileWidget, {name: 'Bob', avatar: 'https://tracker.example.com/b.jpg'}, {imageHosts: ['img.example.org']});
    const root = other.element.shadowRoot!;
    expect(root.querySelector('img')).to.equal(null);
    const button = root.querySelector('[part=avatar-blocked]') as HTMLButtonElement;
    expect(button.textContent).to.contain('tracker.example.com');
    button.click();
    await waitUntil(() => root.querySelector('img'), 'image shown after the click');
    expect(root.querySelector('img')!.getAttribute('src')).to.equal('https://tracker.example.com/b.jpg');
  });
});
