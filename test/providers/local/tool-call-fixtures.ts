/**
 * What small models write when they call tools, by family, each from where that shape is
 * published: the models' documented examples and chat templates. Where a document gives only
 * the grammar, the fixture says it was written to that grammar. `expected` is what the parser must
 * read: the calls in order, the answer's text, the thinking.
 */
import type {ToolCallFormat} from '../../../src/providers/local/parse-tool-calls.js';

/** One recorded output and what it says. */
export interface ToolCallFixture {
  name: string;
  /** Where the shape comes from. */
  source: string;
  output: string;
  expected: {calls: Array<{name: string; input: Record<string, unknown>; format: ToolCallFormat}>; text: string; thinking?: string};
}

const GEMMA4 = 'Google AI for Developers, "Gemma 4 prompt formatting" and "Function calling with Gemma 4" (ai.google.dev/gemma/docs)';
const QWEN = 'Qwen documentation, "Function Calling" (qwen.readthedocs.io), the Hermes-style template of Qwen2.5 and Qwen3';
const HERMES = 'NousResearch Hermes-Function-Calling README (github.com/NousResearch/Hermes-Function-Calling)';
const LLAMA = 'Meta, Llama 3.1 model card and prompt format, "JSON based tool calling" (llama.com/docs/model-cards-and-prompt-formats)';
const GEMMA3 = 'Google AI for Developers, "Function calling with Gemma" (Gemma 3: the output follows the format the prompt specifies; here a JSON call in a fence)';
const MISTRAL = 'Mistral-7B-Instruct-v0.3 model card, function calling example (the v3 tokenizer\'s [TOOL_CALLS] list)';
const MISTRAL11 = 'mistral-common, the v11 tokenizer\'s tool call ([TOOL_CALLS]NAME[ARGS]{…}), as Mistral Small 3.2 writes it';

/** The recorded set: each family's documented shapes. */
export const TOOL_CALL_FIXTURES: ToolCallFixture[] = [
  {
    name: 'Gemma 4, one call',
    source: GEMMA4,
    output: '<|tool_call>call:get_current_temperature{location:<|"|>London<|"|>}<tool_call|>',
    expected: {calls: [{name: 'get_current_temperature', input: {location: 'London'}, format: 'gemma'}], text: ''},
  },
  {
    name: 'Gemma 4, thinking then a call with two strings',
    source: GEMMA4,
    output: '<|channel>thought\nThe user asks for the weather in Tokyo; I will call the tool.\n<channel|><|tool_call>call:get_current_weather{location:<|"|>Tokyo, JP<|"|>,unit:<|"|>celsius<|"|>}<tool_call|>',
    expected: {calls: [{name: 'get_current_weather', input: {location: 'Tokyo, JP', unit: 'celsius'}, format: 'gemma'}], text: '', thinking: 'The user asks for the weather in Tokyo; I will call the tool.'},
  },
  {
    name: 'Gemma 4, numbers, lists and a nested object (written to the documented grammar)',
    source: GEMMA4,
    output: '<|tool_call>call:autoui_webmcp_widget_display{name:<|"|>chart<|"|>,params:{type:<|"|>bar<|"|>,labels:[<|"|>Jan<|"|>,<|"|>Feb<|"|>],values:[1,2.5,-3e2],stacked:false,note:null}}<tool_call|>',
    expected: {calls: [{name: 'autoui_webmcp_widget_display', input: {name: 'chart', params: {type: 'bar', labels: ['Jan', 'Feb'], values: [1, 2.5, -300], stacked: false, note: null}}, format: 'gemma'}], text: ''},
  },
  {
    name: 'Qwen, one call',
    source: QWEN,
    output: '<tool_call>\n{"name": "get_current_temperature", "arguments": {"location": "San Francisco, CA, USA"}}\n</tool_call>',
    expected: {calls: [{name: 'get_current_temperature', input: {location: 'San Francisco, CA, USA'}, format: 'hermes'}], text: ''},
  },
  {
    name: 'Qwen, two calls in one answer',
    source: QWEN,
    output:
      '<tool_call>\n{"name": "get_current_temperature", "arguments": {"location": "San Francisco, CA, USA"}}\n</tool_call>\n<tool_call>\n{"name": "get_temperature_date", "arguments": {"location": "San Francisco, CA, USA", "date": "2024-10-01"}}\n</tool_call>',
    expected: {
      calls: [
        {name: 'get_current_temperature', input: {location: 'San Francisco, CA, USA'}, format: 'hermes'},
        {name: 'get_temperature_date', input: {location: 'San Francisco, CA, USA', date: '2024-10-01'}, format: 'hermes'},
      ],
      text: '',
    },
  },
  {
    name: 'Qwen3, thinking then a call',
    source: QWEN,
    output: '<think>\nThe user wants today\'s temperature, so I call the tool.\n</think>\n\n<tool_call>\n{"name": "get_current_temperature", "arguments": {"location": "Paris"}}\n</tool_call>',
    expected: {calls: [{name: 'get_current_temperature', input: {location: 'Paris'}, format: 'hermes'}], text: '', thinking: 'The user wants today\'s temperature, so I call the tool.'},
  },
  {
    name: 'Hermes, words before the call, arguments first',
    source: HERMES,
    output: 'Let me look up the fundamentals.\n<tool_call>\n{"arguments": {"symbol": "TSLA"}, "name": "get_stock_fundamentals"}\n</tool_call>',
    expected: {calls: [{name: 'get_stock_fundamentals', input: {symbol: 'TSLA'}, format: 'hermes'}], text: 'Let me look up the fundamentals.'},
  },
  {
    name: 'Llama 3.1, a bare JSON call',
    source: LLAMA,
    output: '{"name": "get_current_conditions", "parameters": {"location": "San Francisco, CA", "unit": "Fahrenheit"}}',
    expected: {calls: [{name: 'get_current_conditions', input: {location: 'San Francisco, CA', unit: 'Fahrenheit'}, format: 'json'}], text: ''},
  },
  {
    name: 'Llama 3.1, after the python tag',
    source: LLAMA,
    output: '<|python_tag|>{"name": "get_current_conditions", "parameters": {"location": "Menlo Park, CA"}}',
    expected: {calls: [{name: 'get_current_conditions', input: {location: 'Menlo Park, CA'}, format: 'json'}], text: ''},
  },
  {
    name: 'Gemma 3, a JSON call in a fence',
    source: GEMMA3,
    output: '```json\n{"name": "get_product_name_by_PID", "parameters": {"PID": "807ZPKBL9V"}}\n```',
    expected: {calls: [{name: 'get_product_name_by_PID', input: {PID: '807ZPKBL9V'}, format: 'json'}], text: ''},
  },
  {
    name: 'Mistral v3, a list of calls',
    source: MISTRAL,
    output: '[TOOL_CALLS] [{"name": "get_current_weather", "arguments": {"location": "Paris, France", "format": "celsius"}}]',
    expected: {calls: [{name: 'get_current_weather', input: {location: 'Paris, France', format: 'celsius'}, format: 'mistral'}], text: ''},
  },
  {
    name: 'Mistral v11, name then arguments',
    source: MISTRAL11,
    output: '[TOOL_CALLS]get_current_weather[ARGS]{"location": "Paris, France", "format": "celsius"}',
    expected: {calls: [{name: 'get_current_weather', input: {location: 'Paris, France', format: 'celsius'}, format: 'mistral'}], text: ''},
  },
];

/** The tools the fixtures' bare JSON calls name (a bare JSON answer is a call only for an offered tool). */
export const FIXTURE_TOOLS = ['get_current_conditions', 'get_product_name_by_PID'];
