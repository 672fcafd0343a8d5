/**
 * The SDK's Skills client (its SKILL.md frontmatter parser and checks, a fifth of the MCP client's
 * code) is loaded only for a server that declares the Skills extension: a page whose servers have
 * none never downloads it, and a server with skills still has its skills as recipes.
 */
import {expect} from '@open-wc/testing';
import {closeAll, connect, toolContext} from './mcp-test-kit.js';

/** The script requests this page made for the SDK's Skills client, so far. */
const skillsRequests = () => performance.getEntriesByType('resource').map((e) => e.name).filter((name) => /ext\/skills\//.test(name));

describe('the Skills client loads only for a server with skills', () => {
  afterEach(closeAll);

  it('a server without skills (prompts as recipes) loads no Skills client; one with skills then does', async () => {
    const prompts = await connect('mcp-prompts');
    expect(prompts.layer.recipes?.length).to.be.above(0);
    expect(skillsRequests(), 'requested for a server without skills').to.deep.equal([]);

    const skills = await connect('mcp-skills');
    expect(skills.layer.recipes?.map((r) => r.name)).to.deep.equal(['city-card', 'rainfall-chart']);
    expect(skillsRequests().length, 'the Skills client for the server with skills').to.be.above(0);
    const recipe = await skills.layer.execute!('get_recipe', {name: 'city-card'}, toolContext());
    expect(recipe.isError).to.not.equal(true);
  });
});
