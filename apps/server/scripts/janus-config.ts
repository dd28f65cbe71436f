// Janus for live video (docs/live.md, "Janus"): a configuration directory with only what Polaris uses (the
// VideoRoom plugin and the HTTP transport), and `janus -F <dir>` started on a chosen port. The tests, the
// benchmark and the browser journeys start their own Janus this way, without touching /etc/janus.
//
//   npx tsx apps/server/scripts/janus-config.ts --dir /etc/polaris-janus --port 8088 [--ip 127.0.0.1]
//     [--nat-1-1 203.0.113.7] [--stun stun.example.com:3478] [--rtp-ports 20000-40000] [--api-secret s]
//     [--event-loops 4]
//   add --run to start Janus on it in the foreground (without --dir, in a temporary directory)
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface JanusInstall {
  bin: string;
  /** Holds plugins/, transports/, events/ and loggers/. */
  libDir: string;
}

export interface JanusConfigOptions {
  /** The HTTP API's port; the API itself stays private (only the server talks to it). */
  port: number;
  /** The address the HTTP API listens on. */
  ip?: string;
  /** A 1:1 NAT's public address, written into Janus's host candidates (`nat_1_1_mapping`). */
  natMapping?: string;
  /** Janus's own STUN server (`host:port`), for its server-reflexive candidates. */
  stun?: string;
  /** UDP ports for media (`20000-40000`), when a firewall needs a range. */
  rtpPorts?: string;
  /** Interfaces or address prefixes to gather on only, or never (`ice_enforce_list`, `ice_ignore_list`). */
  iceEnforce?: string;
  iceIgnore?: string;
  apiSecret?: string;
  /** ICE connectivity checks as keepalives (on unless false). */
  keepaliveConncheck?: boolean;
  /** Seconds without a request before Janus drops a session. */
  sessionTimeout?: number;
  /**
   * Threads that run every peer connection's ICE and media (`event_loops`). Janus's default is a thread per
   * handle, hundreds for one busy stage; a few shared loops scale better.
   */
  eventLoops?: number;
  /** The Admin API (tests count Janus's sessions and handles with it); off unless asked for. */
  admin?: { port: number; secret: string };
}

const LIB_DIRS = ['/usr/lib/x86_64-linux-gnu/janus', '/usr/lib/aarch64-linux-gnu/janus', '/usr/lib/janus'];

/** Janus and its plugin folders (Debian's `janus` package, or JANUS_BIN and JANUS_LIB_DIR); null when absent. */
export function findJanus(env: NodeJS.ProcessEnv = process.env): JanusInstall | null {
  const bin =
    env.JANUS_BIN ??
    (env.PATH ?? '')
      .split(path.delimiter)
      .map((dir) => path.join(dir, 'janus'))
      .find(executable);
  if (!bin || !executable(bin)) return null;
  const libDir = [env.JANUS_LIB_DIR, ...LIB_DIRS, '/usr/local/lib/janus', '/opt/janus/lib/janus'].find(
    (dir) =>
      dir !== undefined &&
      existsSync(path.join(dir, 'plugins/libjanus_videoroom.so')) &&
      existsSync(path.join(dir, 'transports/libjanus_http.so')),
  );
  return libDir ? { bin, libDir } : null;
}

function executable(file: string) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Every other plugin of the folder is disabled: Janus loads whatever it finds there otherwise. */
function othersThan(folder: string, keep: string[]) {
  if (!existsSync(folder)) return '';
  const found = readdirSync(folder).filter((name) => /^libjanus_.*\.so$/.test(name));
  return found.filter((name) => !keep.includes(name)).join(',');
}

type Value = string | number | boolean | undefined;

/** One libconfig section; unset and empty values are left out, so Janus keeps its defaults for them. */
function section(name: string, entries: Record<string, Value>) {
  const lines = Object.entries(entries)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `\t${key} = ${typeof value === 'string' ? JSON.stringify(value) : value}\n`);
  return `${name}: {\n${lines.join('')}}\n`;
}

/** The files of the configuration directory, by name. */
export function janusConfigFiles(options: JanusConfigOptions, libDir: string): Record<string, string> {
  const [stunHost, stunPort] = options.stun?.split(':') ?? [];
  const janus = [
    section('general', {
      plugins_folder: path.join(libDir, 'plugins'),
      transports_folder: path.join(libDir, 'transports'),
      events_folder: path.join(libDir, 'events'),
      loggers_folder: path.join(libDir, 'loggers'),
      debug_level: 4,
      server_name: 'polaris-janus',
      session_timeout: options.sessionTimeout ?? 60,
      event_loops: options.eventLoops,
      api_secret: options.apiSecret,
      admin_secret: options.admin?.secret,
    }),
    section('media', { rtp_port_range: options.rtpPorts }),
    section('nat', {
      nice_debug: false,
      // Without it Janus never notices a peer that vanished without a DTLS alert (a phone that lost its network):
      // its viewer is counted and its broadcaster on air forever. With it, libnice's failing checks end such a
      // connection after about 50 s (measured with Debian's libnice 0.1.21, which also kept live ones for 80 s+).
      ice_keepalive_conncheck: options.keepaliveConncheck ?? true,
      stun_server: stunHost,
      stun_port: stunPort === undefined ? undefined : Number(stunPort),
      nat_1_1_mapping: options.natMapping,
      ice_enforce_list: options.iceEnforce,
      ice_ignore_list: options.iceIgnore ?? 'vmnet,docker,veth,br-',
    }),
    section('plugins', { disable: othersThan(path.join(libDir, 'plugins'), ['libjanus_videoroom.so']) }),
    section('transports', { disable: othersThan(path.join(libDir, 'transports'), ['libjanus_http.so']) }),
    section('loggers', { disable: othersThan(path.join(libDir, 'loggers'), []) }),
    section('events', { broadcast: false }),
  ];
  const http = [
    section('general', {
      json: 'plain',
      base_path: '/janus',
      http: true,
      port: options.port,
      ip: options.ip ?? '127.0.0.1',
      https: false,
    }),
    section('admin', {
      admin_http: options.admin !== undefined,
      admin_port: options.admin?.port,
      admin_ip: options.admin ? (options.ip ?? '127.0.0.1') : undefined,
      admin_base_path: '/admin',
      admin_https: false,
    }),
  ];
  return {
    'janus.jcfg': janus.join(''),
    'janus.transport.http.jcfg': http.join(''),
    // Rooms are made per stage through the API; nothing to configure here.
    'janus.plugin.videoroom.jcfg': section('general', {}),
  };
}

export async function writeJanusConfig(dir: string, options: JanusConfigOptions, libDir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(janusConfigFiles(options, libDir))) {
    await writeFile(path.join(dir, name), text);
  }
}

/** A port nobody listens on now (the kernel's choice). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningJanus {
  /** JANUS_URL for the server. */
  url: string;
  adminUrl?: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Writes the configuration (into `dir`, or a new temporary directory) and starts Janus; resolves once it answers. */
export async function startJanus(
  options: JanusConfigOptions & { dir?: string; install?: JanusInstall; stdio?: 'inherit' | 'log' },
): Promise<RunningJanus> {
  const install = options.install ?? findJanus();
  if (!install) throw new Error('Janus is not installed (apt-get install janus), or set JANUS_BIN and JANUS_LIB_DIR');
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'polaris-janus-')));
  await writeJanusConfig(dir, options, install.libDir);
  const log = path.join(dir, 'janus.log');
  const toLog = options.stdio !== 'inherit';
  const child = spawn(install.bin, ['-F', dir, '-o', ...(toLog ? ['-N', '-L', log] : [])], {
    stdio: toLog ? 'ignore' : 'inherit',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const host = options.ip && options.ip !== '0.0.0.0' ? options.ip : '127.0.0.1';
  const url = `http://${host}:${options.port}/janus`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // Janus 1.1 has been seen to hang in "Stopping webserver(s)..." after SIGTERM.
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.dir) await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/info`, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      const adminUrl = options.admin ? `http://${host}:${options.admin.port}/admin` : undefined;
      return { url, adminUrl, process: child, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const tail = toLog ? (await readFile(log, 'utf8').catch(() => '')).split('\n').slice(-20).join('\n') : '';
  await stop();
  throw new Error(`Janus did not start on port ${options.port}\n${tail}`);
}

function flag(args: string[], name: string) {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const options: JanusConfigOptions = {
    port: Number(flag(args, 'port') ?? 8088),
    ip: flag(args, 'ip'),
    natMapping: flag(args, 'nat-1-1'),
    stun: flag(args, 'stun'),
    rtpPorts: flag(args, 'rtp-ports'),
    iceEnforce: flag(args, 'ice-enforce'),
    iceIgnore: flag(args, 'ice-ignore'),
    apiSecret: flag(args, 'api-secret'),
    eventLoops: flag(args, 'event-loops') === undefined ? undefined : Number(flag(args, 'event-loops')),
  };
  const dir = flag(args, 'dir');
  if (args.includes('--run')) {
    const janus = await startJanus({ ...options, dir, stdio: 'inherit' });
    console.log(`Janus answers at ${janus.url} (JANUS_URL)`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void janus.stop());
    janus.process.once('exit', (code) => process.exit(code ?? 0));
  } else if (dir) {
    const install = findJanus();
    if (!install) throw new Error('Janus is not installed (apt-get install janus)');
    await writeJanusConfig(dir, options, install.libDir);
    console.log(`wrote ${dir}; start it with: ${install.bin} -F ${dir}`);
  } else {
    console.error('give --dir <directory> to write the configuration, or --run to start Janus');
    process.exit(2);
  }
}
