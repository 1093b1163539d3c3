import type { ConsoleIo, ConsoleSession, ConsoleTarget } from '../../driver.ts';

const CRLF = '\r\n';

/** A host name from a display name: lower case, letters, digits and dashes. */
const hostName = (displayName: string) =>
  displayName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63) || 'vm';

function bootLog(vm: ConsoleTarget, host: string): string[] {
  const windows = /windows/i.test(vm.os.name);
  if (windows) {
    return [
      'Computer is booting, SAC started and initialized.',
      '',
      'Use the "ch -?" command for information about using channels.',
      'Use the "?" command for general help.',
      '',
      `${vm.os.guest_full_name} (${host})`,
    ];
  }
  return [
    `[    0.000000] Linux version 6.8.0-45-generic (buildd@lcy02-amd64-115) #45-Ubuntu SMP`,
    '[    0.000000] Command line: BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro console=ttyS0,115200n8',
    '[    0.004211] DMI: VMware, Inc. VMware Virtual Platform/440BX Desktop Reference Platform',
    '[    0.412233] ACPI: bus type PCI registered',
    '[    1.204518] EXT4-fs (sda1): mounted filesystem with ordered data mode.',
    '[  OK  ] Reached target Local File Systems.',
    '[  OK  ] Started Network Configuration.',
    '[  OK  ] Reached target Network.',
    '[  OK  ] Started OpenBSD Secure Shell server.',
    '[  OK  ] Reached target Multi-User System.',
    '',
    `${vm.os.name} ${vm.os.version} ${host} ttyS0`,
  ];
}

/**
 * A simulated serial console: a boot log, then a login prompt. Input is echoed as a terminal
 * line discipline would (not the password); any password is accepted; a handful of commands
 * answer; `exit` or `logout` goes back to the login prompt.
 */
export function openSimulatedConsole(
  vm: ConsoleTarget,
  io: ConsoleIo,
  { lineDelayMs }: { lineDelayMs: number },
): ConsoleSession {
  const host = hostName(vm.displayName);
  const started = Date.now();
  let mode: 'booting' | 'login' | 'password' | 'shell' = 'booting';
  let user = '';
  let line = '';
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();

  const send = (text: string) => {
    if (!closed) io.send(text);
  };
  const loginPrompt = () => {
    mode = 'login';
    send(`${CRLF}${host} login: `);
  };
  const shellPrompt = () => send(`${user}@${host}:~$ `);

  const lines = bootLog(vm, host);
  lines.forEach((text, i) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        send(text + CRLF);
        if (i === lines.length - 1) loginPrompt();
      },
      Math.round(lineDelayMs * i),
    );
    timers.add(timer);
  });

  const run = (command: string) => {
    const [name = '', ...args] = command.trim().split(/\s+/);
    switch (name) {
      case '':
        break;
      case 'exit':
      case 'logout':
        send(`logout${CRLF}${CRLF}${vm.os.name} ${vm.os.version} ${host} ttyS0${CRLF}`);
        loginPrompt();
        return;
      case 'whoami':
        send(user + CRLF);
        break;
      case 'hostname':
        send(host + CRLF);
        break;
      case 'uname':
        send(
          (args.includes('-a')
            ? `Linux ${host} 6.8.0-45-generic #45-Ubuntu SMP x86_64 GNU/Linux`
            : 'Linux') + CRLF,
        );
        break;
      case 'uptime':
        send(` up ${Math.max(1, Math.round((Date.now() - started) / 60000))} min,  1 user${CRLF}`);
        break;
      case 'echo':
        send(args.join(' ') + CRLF);
        break;
      case 'help':
        send(`Commands: echo, hostname, uname -a, uptime, whoami, exit${CRLF}`);
        break;
      default:
        send(`${name}: command not found${CRLF}`);
    }
    shellPrompt();
  };

  const enter = () => {
    const entered = line;
    line = '';
    send(CRLF);
    if (mode === 'login') {
      if (entered.trim() === '') return loginPrompt();
      user = entered.trim();
      mode = 'password';
      send('Password: ');
    } else if (mode === 'password') {
      mode = 'shell';
      send(`Welcome to ${vm.os.name} ${vm.os.version} (${vm.os.guest_full_name})${CRLF}${CRLF}`);
      shellPrompt();
    } else if (mode === 'shell') {
      run(entered);
    }
  };

  return {
    input(data: string) {
      if (closed || mode === 'booting') return;
      for (const char of data) {
        if (char === '\r' || char === '\n') {
          enter();
        } else if (char === '\x7f' || char === '\b') {
          if (line.length > 0) {
            line = line.slice(0, -1);
            if (mode !== 'password') send('\b \b');
          }
        } else if (char === '\x03') {
          line = '';
          send(`^C${CRLF}`);
          if (mode === 'shell') shellPrompt();
          else loginPrompt();
        } else if (char === '\x04' && line === '' && mode === 'shell') {
          run('logout');
        } else if (char >= ' ') {
          line += char;
          if (mode !== 'password') send(char);
        }
      }
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
