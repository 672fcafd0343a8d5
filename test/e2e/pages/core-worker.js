// A module Worker (no DOM) that imports the built `dist/core.js` and runs one session over HTTP:
// the model is the fake LLM (`llm`), the Data MCP server is real (`data`), and the widget is shown
// through the `autoui` layer over the DOM-free catalogue into the session's own store. Posts what
// happened, or the failure, to the page.
self.onmessage = async ({data: {llm, data}}) => {
  try {
    const core = await import('/dist/core.js');
    const session = new core.AgentSession({
      model: {provider: 'anthropic', endpoint: llm},
      language: 'en',
      servers: [{name: 'data', url: data}],
      layers: [core.createAutouiLayer({catalog: core.builtinWidgetCatalog(), imageHosts: () => []})],
    });
    const events = [];
    session.subscribe((event) => events.push(event.type));
    const result = await session.ask('How many airports?');
    self.postMessage({
      ok: true,
      domless: typeof document === 'undefined' && typeof HTMLElement === 'undefined',
      stopReason: result.stopReason,
      text: result.text,
      widgets: session.widgets.list().map(({type, params}) => ({type, params})),
      events: events.filter((type) => type !== 'text' && type !== 'server-ready'),
    });
    session.close();
  } catch (error) {
    self.postMessage({ok: false, message: String(error?.stack ?? error)});
  }
};
