import {expect} from '@open-wc/testing';
import {recipeRoles, resolveCanonicalTools, splitIdentifier} from '../../src/agent/canonical-tools.js';
import type {LayerTool} from '../../src/agent/types.js';

const t = (name: string, description = ''): LayerTool => ({name, description});

/** Role → tool name (and the layer that found it), for compact expectations. */
const roles = (tools: LayerTool[]) =>
  Object.fromEntries(Object.entries(resolveCanonicalTools(tools)).map(([role, m]) => [role, `${m!.tool}@${m!.via}`]));

describe('resolveCanonicalTools', () => {
  it('splits identifiers in every usual style', () => {
    expect(splitIdentifier('browseSkills')).to.deep.equal(['browse', 'skills']);
    expect(splitIdentifier('read-template.v2')).to.deep.equal(['read', 'template', 'v2']);
  });

  const cases: Array<[string, LayerTool[], Record<string, string>]> = [
    ['exact canonical names', [t('search_recipes'), t('list_recipes'), t('get_recipe'), t('query_sql')], {search_recipes: 'search_recipes@1', list_recipes: 'list_recipes@1', get_recipe: 'get_recipe@1'}],
    ['skills, browse/read (an atlas-style server)', [t('browse_skills'), t('read_skill'), t('country_info')], {list_recipes: 'browse_skills@2', get_recipe: 'read_skill@2'}],
    ['templates: find/read', [t('find_templates'), t('read_template'), t('render')], {search_recipes: 'find_templates@2', get_recipe: 'read_template@2'}],
    ['workflows in camelCase', [t('listWorkflows'), t('getWorkflow'), t('runWorkflow')], {list_recipes: 'listWorkflows@2', get_recipe: 'getWorkflow@2'}],
    ['playbooks with kebab-case', [t('discover-playbooks'), t('fetch-playbook'), t('query-playbooks')], {list_recipes: 'discover-playbooks@2', get_recipe: 'fetch-playbook@2', search_recipes: 'query-playbooks@2'}],
    ['patterns: explore/show', [t('explore_patterns'), t('show_pattern')], {list_recipes: 'explore_patterns@2', get_recipe: 'show_pattern@2'}],
    ['exact names win over token matches', [t('browse_recipes'), t('list_recipes'), t('describe_recipe'), t('get_recipe')], {list_recipes: 'list_recipes@1', get_recipe: 'get_recipe@1'}],
    ['description only', [t('catalog', 'Lists the available workflows of this server.'), t('manual', 'Returns the full text of one playbook.'), t('howto', 'Search recipes by keyword.')], {list_recipes: 'catalog@3', search_recipes: 'howto@3'}],
    ['description read as get', [t('guide', 'Read a recipe by its name and return its markdown.')], {get_recipe: 'guide@3'}],
    ['no recipe tools at all (layer 4)', [t('query_sql'), t('list_tables'), t('describe_table')], {}],
    ['data tool mentioning a recipe tool is not a recipe tool', [t('query_sql', 'Run a read-only SQL query. Call get_recipe first to learn which tables to use.')], {}],
    ['resource without a known action is not a role', [t('create_template'), t('delete_workflow'), t('search_docs')], {}],
    ['a GitHub-like server', [t('search_repositories'), t('get_file_contents'), t('list_issues'), t('search_code')], {}],
    ['GitHub Actions runs are not recipes: the resource must be what the action is on', [t('search_workflow_runs', 'Search workflow runs in GitHub by status.'), t('list_workflow_runs', 'List workflow runs of a repository.'), t('get_workflow_run', 'Get one workflow run by its id.'), t('get_recipe_stats')], {}],
    ['a tool plays one role only', [t('search_and_read_recipes')], {search_recipes: 'search_and_read_recipes@2'}],
  ];

  for (const [title, tools, expected] of cases) {
    it(title, () => {
      expect(roles(tools)).to.deep.equal(expected);
    });
  }
});

describe('recipeRoles', () => {
  it('resolves a tool list once, however often it is asked, and a new list anew', () => {
    const tools = [t('browse_skills'), t('read_skill'), t('country_info')];
    const first = recipeRoles(tools);
    expect(first).to.deep.equal(resolveCanonicalTools(tools));
    expect(recipeRoles(tools)).to.equal(first);
    const changed = [...tools, t('search_skills')];
    expect(recipeRoles(changed)).to.not.equal(first);
    expect(recipeRoles(changed).search_recipes?.tool).to.equal('search_skills');
  });
});
