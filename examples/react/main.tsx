// autoui-agent in a React 19 app. React 19 sets properties on custom elements and listens to
// their events with `on<event-name>` props, so the element needs no wrapper.
//
// Run it (see examples/README.md): `FAKE_LLM_PORT=3199 npm start` in the repository starts the
// demo's MCP servers and the replaying model; then `npx vite examples/react` serves this page.
import 'autoui-agent'; // defines <autoui-agent> and <autoui-server>
import type {} from 'autoui-agent/jsx'; // JSX types of the tags and their events
import type {AutouiAgent} from 'autoui-agent';
import {StrictMode, useEffect, useRef, useState} from 'react';
import {createRoot} from 'react-dom/client';

// The demo's servers, as `npm start` runs them.
const DATA_SERVER = 'http://127.0.0.1:3101/mcp';
const ATLAS_SERVER = 'http://127.0.0.1:3102/mcp';
const REPLAYING_MODEL = 'http://127.0.0.1:3199';
const QUESTION = 'Show me a dashboard of the weather in Seattle in 2015.';

// The replaying model plays a recorded conversation, whatever the question: its tool calls are
// scripted, but every figure on the widgets comes live from the Data server. A recording plays
// once; this asks for a fresh one and returns the endpoint that plays it.
async function recording(file: string): Promise<string> {
  const response = await fetch(`${REPLAYING_MODEL}/__scenarios`, {method: 'POST', body: JSON.stringify({file})}).catch(() => {
    throw new Error(`no replaying model at ${REPLAYING_MODEL}: run \`FAKE_LLM_PORT=3199 npm start\` in the repository`);
  });
  return (await response.json()).base;
}

function Assistant() {
  const agent = useRef<AutouiAgent>(null);
  const [endpoint, setEndpoint] = useState<string>();
  const [widgets, setWidgets] = useState<string[]>([]);
  const nextRecording = () => void recording('seattle-weather').then(setEndpoint);
  useEffect(nextRecording, []);

  return (
    <>
      {/* The replaying model speaks the Anthropic wire format. No replaying model? Use
          provider="browser" (a desktop Chrome's built-in model) and drop the recording
          (endpoint, nextRecording, the button's disabled). */}
      <autoui-agent
        ref={agent}
        provider="anthropic"
        endpoint={endpoint}
        lang="en"
        style={{display: 'block', height: '80vh'}}
        onautoui-widget-created={(e) => setWidgets((shown) => [...shown, e.detail.type])}
        onautoui-run-end={nextRecording}
      >
        <autoui-server name="data" url={DATA_SERVER}></autoui-server>
        <autoui-server name="atlas" url={ATLAS_SERVER}></autoui-server>
      </autoui-agent>
      <button disabled={!endpoint} onClick={() => void agent.current?.ask(QUESTION)}>
        {QUESTION}
      </button>
      <p>Widgets shown: {widgets.join(', ') || 'none yet'}</p>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Assistant />
  </StrictMode>,
);
