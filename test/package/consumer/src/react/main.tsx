// React 19 drives <autoui-agent> with its own syntax: properties as JSX props, children as
// elements, events as `on<event-name>` props, typed by autoui-agent/jsx (generated from the
// manifest). The page asks one question from a button and shows what the events told it.
import 'autoui-agent';
import type {} from 'autoui-agent/jsx';
import type {AutouiAgent} from 'autoui-agent';
import {StrictMode, useRef, useState} from 'react';
import {createRoot} from 'react-dom/client';
import {pageSettings} from '../page-settings.js';

const {endpoint, dataUrl, question} = pageSettings();

function App() {
  const agent = useRef<AutouiAgent>(null);
  const [widgets, setWidgets] = useState<string[]>([]);
  const [status, setStatus] = useState('idle');
  const [servers, setServers] = useState<string[]>([]);
  return (
    <main>
      <autoui-agent
        ref={agent}
        provider="anthropic"
        endpoint={endpoint}
        lang="en"
        maxIterations={6}
        onautoui-server-ready={(e) => setServers((s) => [...s, e.detail.name])}
        onautoui-widget-created={(e) => setWidgets((w) => [...w, e.detail.type])}
        onautoui-run-end={() => setStatus('done')}
      >
        <autoui-server name="data" url={dataUrl}></autoui-server>
      </autoui-agent>
      <button id="ask" disabled={servers.length === 0} onClick={() => void agent.current?.ask(question)}>
        Ask
      </button>
      <output id="servers">{servers.join(',')}</output>
      <output id="widgets">{widgets.join(',')}</output>
      <output id="status">{status}</output>
    </main>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
