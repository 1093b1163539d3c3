import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { mdiContentPaste, mdiFullscreen, mdiFullscreenExit, mdiRefresh } from '@mdi/js';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import type { Vm } from '@portal/api/contract';
import { Alert, BackButton, Button, Spinner, StatusChip } from '@portal/ui';
import { appState } from '../../../state/app.ts';
import { useCanState } from '../../../state/permissions.ts';
import { VWSERIES_PERMISSION } from '../../vwseries/permission.ts';
import { COMPUTE_PERMISSION } from '../permission.ts';
import { notify, reportError } from '../../../services.ts';
import { loadCurrentUser } from '../../account/queries.ts';
import { computeCalls, loadVm } from '../queries.ts';
import {
  openReconnectingConsole,
  type ConsoleState,
  type ConsoleStatus,
  type ReconnectingConsole,
} from './consoleSession.ts';

const Page = styled.main`
  display: flex;
  flex-direction: column;
  height: 100vh;
  background: var(--ui-color-background);
  color: var(--ui-color-text);
`;

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 8px 16px;
  border-bottom: 1px solid var(--ui-color-border);
  background: var(--ui-color-surface);
  h1 {
    margin: 0;
    font-size: 1.125rem;
    font-weight: 600;
    flex: 1 1 auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Reason = styled.p`
  margin: 0;
  padding: 8px 16px;
  font-size: 0.875rem;
  color: var(--ui-color-text-secondary);
  border-bottom: 1px solid var(--ui-color-border);
`;

// A terminal is dark in both themes: that is how serial consoles look and what their colours assume.
const Screen = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  padding: 8px;
  background: #1e1e1e;
  &:fullscreen {
    padding: 16px;
  }
  .xterm {
    height: 100%;
  }
`;

const Waiting = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 8px 16px;
  font-size: 0.875rem;
  border-bottom: 1px solid var(--ui-color-border);
  p {
    margin: 0;
  }
`;

const STATUS_CHIP: Record<ConsoleStatus, { status: string; label: string }> = {
  connecting: { status: 'RUNNING', label: 'Connecting' },
  reconnecting: { status: 'warning', label: 'Reconnecting' },
  connected: { status: 'success', label: 'Connected' },
  disconnected: { status: 'neutral', label: 'Disconnected' },
};

/**
 * The full-page serial console of a VM (`/compute/{id}/console` and
 * `/vwseries/{serviceid}/{id}/console`): xterm.js over the server's WebSocket, opened with a
 * single-use ticket; reconnect, paste and full screen.
 */
export function ComputeConsolePage() {
  const { id = '', serviceid } = useParams();
  const navigate = useNavigate();
  const area = serviceid ? 'vwseries' : 'compute';
  // The console needs manage: a role that may only look is told so instead of a failed session.
  // This full page has no layout that loads the user, so it loads it; if that fails, the session
  // opens and the server decides.
  const can = useCanState(area, 'manage');
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    if (can !== 'unknown') return;
    loadCurrentUser().catch((error: unknown) => {
      reportError(error);
      setUnreadable(true);
    });
  }, [can]);
  if (can === 'allowed' || unreadable) return <ConsoleView />;
  if (can === 'unknown') return <Spinner label="Checking your access" />;
  const backHref = serviceid ? `/vwseries/${serviceid}` : `/compute/${id}`;
  return (
    <Page>
      <Bar>
        <BackButton
          href={backHref}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            navigate(backHref);
          }}
        >
          {serviceid ? 'VW series service' : 'Virtual machine'}
        </BackButton>
        <h1>Console of virtual machine {id}</h1>
      </Bar>
      <Alert kind="info" title="You cannot open the console">
        {(area === 'vwseries' ? VWSERIES_PERMISSION : COMPUTE_PERMISSION).readOnly} The console lets
        you change a virtual machine, so it needs a role that manages{' '}
        {area === 'vwseries' ? 'VW series' : 'compute'}.
      </Alert>
    </Page>
  );
}

function ConsoleView() {
  const { id: idParam = '', serviceid } = useParams();
  const id = Number(idParam);
  const navigate = useNavigate();
  const handed = appState.item as Vm | null;
  const [name, setName] = useState<string>(
    handed && handed.id === id ? handed.display_name : `virtual machine ${id}`,
  );
  const [{ status, reason, retryIn }, setState] = useState<ConsoleState>({
    status: 'connecting',
  });
  const [fullscreen, setFullscreen] = useState(false);
  const screenRef = useRef<HTMLDivElement>(null);
  const terminalRef = useRef<Terminal | null>(null);
  const sessionRef = useRef<ReconnectingConsole | null>(null);

  const backHref = serviceid ? `/vwseries/${serviceid}` : `/compute/${id}`;
  const go = (event: MouseEvent) => {
    event.preventDefault();
    navigate(backHref);
  };

  useEffect(() => {
    let live = true;
    Promise.resolve()
      .then(() => loadVm(id, serviceid))
      .then(
        (vm) => {
          if (live) setName(vm.display_name);
        },
        (error: unknown) => reportError(error),
      );
    return () => {
      live = false;
    };
  }, [id, serviceid]);

  // The terminal lives as long as the page; sessions come and go inside it.
  useEffect(() => {
    const element = screenRef.current;
    if (!element) return;
    const terminal = new Terminal({
      cursorBlink: true,
      convertEol: false,
      fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
      fontSize: 14,
      scrollback: 5000,
      screenReaderMode: true,
      theme: { background: '#1e1e1e', foreground: '#e8e8e8' },
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(element);
    terminal.onData((data) => sessionRef.current?.send(data));
    terminalRef.current = terminal;
    const refit = () => {
      try {
        fit.fit();
      } catch {
        // not laid out yet (hidden or zero-sized): the next resize fits it
      }
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(element);
    terminal.focus();
    return () => {
      observer.disconnect();
      terminal.dispose();
      terminalRef.current = null;
    };
  }, []);

  useEffect(() => {
    const { base } = computeCalls(serviceid);
    let wasConnected = false;
    const session = openReconnectingConsole(
      () => base.consoleTicket(id),
      {
        onState: (next) => {
          setState(next);
          if (next.status === 'connected') {
            // a new session after a lost one: mark the seam in the scrollback
            if (wasConnected)
              terminalRef.current?.write('\r\n\x1b[2m--- reconnected ---\x1b[0m\r\n');
            wasConnected = true;
            terminalRef.current?.focus();
          }
        },
        onOutput: (text) => terminalRef.current?.write(text),
      },
      (error) => reportError(error),
    );
    sessionRef.current = session;
    // Leaving the page ends the session and any wait to reconnect.
    return () => {
      session.close();
      if (sessionRef.current === session) sessionRef.current = null;
    };
  }, [id, serviceid]);

  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement === screenRef.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const reconnect = useCallback(() => sessionRef.current?.reconnectNow(), []);

  const paste = async () => {
    try {
      const text = await navigator.clipboard.readText();
      if (text) terminalRef.current?.paste(text);
      terminalRef.current?.focus();
    } catch {
      notify(
        'The clipboard could not be read: allow it, or press Ctrl+Shift+V in the console.',
        'warning',
      );
    }
  };

  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await screenRef.current?.requestFullscreen();
    } catch (error) {
      reportError(error);
    }
    terminalRef.current?.focus();
  };

  const chip = STATUS_CHIP[status];
  return (
    <Page>
      <Bar>
        <BackButton href={backHref} onClick={go}>
          {serviceid ? 'VW series service' : 'Virtual machine'}
        </BackButton>
        <h1>Console of {name}</h1>
        <span role="status" aria-live="polite">
          <StatusChip status={chip.status} label={chip.label} size="medium" />
        </span>
        <Tools>
          <Button
            size="small"
            variant="outlined"
            leadingIcon={mdiContentPaste}
            disabled={status !== 'connected'}
            onClick={() => void paste()}
          >
            Paste
          </Button>
          <Button
            size="small"
            variant="outlined"
            leadingIcon={fullscreen ? mdiFullscreenExit : mdiFullscreen}
            onClick={() => void toggleFullscreen()}
          >
            {fullscreen ? 'Exit full screen' : 'Full screen'}
          </Button>
          <Button
            size="small"
            variant={status === 'disconnected' ? 'primary' : 'outlined'}
            leadingIcon={mdiRefresh}
            disabled={status === 'connecting' || status === 'reconnecting'}
            onClick={reconnect}
          >
            Reconnect
          </Button>
        </Tools>
      </Bar>
      {status === 'disconnected' && reason && <Reason role="alert">{reason}</Reason>}
      {status === 'reconnecting' && (
        <Waiting>
          <p>
            {reason ? `${reason} ` : ''}Reconnecting in {retryIn ?? 0} s…
          </p>
          <Button size="small" variant="primary" leadingIcon={mdiRefresh} onClick={reconnect}>
            Reconnect now
          </Button>
        </Waiting>
      )}
      <Screen ref={screenRef} aria-label={`Serial console of ${name}`} role="region" />
    </Page>
  );
}
