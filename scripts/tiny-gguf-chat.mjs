/**
 * The chat side of the tiny test models of scripts/make-tiny-gguf.mjs: two chat templates that
 * mention tools, and the words a scripted model writes. With them the real runtime takes the
 * native path of `provider="local"` (a template that mentions tools), and a call written in a
 * model's own text format comes back to the tests the same way on every run.
 *
 * The templates are ChatML with a Qwen/Hermes-style tools section, written here for these tests.
 * Their markers (`<|im_start|>`, `<tool_call>`) are plain text to the tiny vocabulary, not tokens
 * of their own: llama.cpp feeds a required call's grammar the template's generation prompt
 * (`<|im_start|>assistant\n`) token by token, and a marker that is one token there (control or
 * user-defined, both tried) fails the grammar's start ("Failed to initialize samplers"), while
 * characters match it.
 */

/** The system turn with the offered tools, each as JSON (what Qwen's and Hermes' templates do). */
const SYSTEM_WITH_TOOLS = String.raw`{%- if messages[0].role == 'system' %}{%- set system = messages[0].content %}{%- set rest = messages[1:] %}{%- else %}{%- set system = '' %}{%- set rest = messages %}{%- endif -%}
<|im_start|>system
{{ system }}
{%- if tools %}

# Tools
Call a tool by writing <tool_call>{"name": NAME, "arguments": ARGUMENTS}</tool_call>.
<tools>
{%- for tool in tools %}
{{ tool | tojson }}
{%- endfor %}
</tools>
{%- endif %}<|im_end|>
`;

/** An earlier call of the model, as it writes one. */
const CALLS = String.raw`{%- if message.tool_calls %}{% for call in message.tool_calls %}<tool_call>
{"name": "{{ call.function.name }}", "arguments": {% if call.function.arguments is string %}{{ call.function.arguments }}{% else %}{{ call.function.arguments | tojson }}{% endif %}}
</tool_call>{% endfor %}{% endif %}`;

/** The conversation after the system turn; `calls` is how an assistant turn's calls are written. */
const conversation = (calls) => String.raw`{% for message in rest %}
{%- if message.role == 'assistant' %}<|im_start|>assistant
{% if message.content %}{{ message.content }}{% endif %}${calls}<|im_end|>
{% elif message.role == 'tool' %}<|im_start|>user
<tool_response>
{{ message.content }}
</tool_response><|im_end|>
{% else %}<|im_start|>{{ message.role }}
{{ message.content }}<|im_end|>
{% endif %}
{%- endfor %}
{%- if add_generation_prompt %}<|im_start|>assistant
{% endif %}`;

/**
 * A template that writes the tools and the model's earlier calls: llama.cpp learns the call format
 * from it (its chat template analysis) and reads the model's calls back as tool calls.
 */
export const TOOLS_TEMPLATE = SYSTEM_WITH_TOOLS + conversation(CALLS);

/**
 * A template that lists the tools but never shows a call: llama.cpp cannot learn a format from it,
 * so a call the model writes comes back as text, for the provider's text parsers to read.
 */
export const TOOLS_LISTED_TEMPLATE = SYSTEM_WITH_TOOLS + conversation('');

/**
 * What the scripted models write, piece by piece, whatever they are asked: a few words, then a
 * call of `lookup` for Paris in the `<tool_call>` format. Each piece is one token, and none is
 * two characters long, so no piece forms from the characters of a prompt (the tokenizer merges
 * only pieces whose halves are in the vocabulary): prompts count one token per character.
 */
export const CALL_SCRIPT = ['Let', ' me', ' check.\n', '<tool_call>', '\n{"name": "', 'lookup', '", "arguments": {"city": "', 'Paris', '"}}\n', '</tool_call>'];
