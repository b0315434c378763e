// The system packages Regie needs beside Node (ffmpeg for video, Chromium for the browser tests,
// nginx for `npm run cluster`): one list for `npm start`, `npm test`, `npm run cluster` and
// .ci/run. On Debian or Ubuntu as root they are installed with apt-get; anywhere else the command
// stops with one line naming the exact command to run.
//   node scripts/system-packages.mjs ffmpeg chromium    checks, installs or explains (.ci/run)
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where each package's binaries are looked for; `apt` and `brew` name it for each installer. */
export const SYSTEM_PACKAGES = {
  // Found on the PATH, as the server runs them.
  ffmpeg: { binaries: ['ffmpeg', 'ffprobe'], apt: { debian: 'ffmpeg', ubuntu: 'ffmpeg' }, brew: 'brew install ffmpeg' },
  // Playwright runs CHROMIUM_PATH, else Debian's /usr/bin/chromium (e2e/playwright.config.ts).
  chromium: {
    binaries: ['/usr/bin/chromium'],
    apt: { debian: 'chromium', ubuntu: 'chromium-browser' },
    brew: 'brew install --cask chromium',
  },
  // `npm run cluster`'s load balancer; Debian builds its stream module (the RTMP upstream) apart.
  nginx: {
    binaries: ['nginx'],
    files: ['/usr/lib/nginx/modules/ngx_stream_module.so'],
    apt: { debian: ['nginx', 'libnginx-mod-stream'], ubuntu: ['nginx', 'libnginx-mod-stream'] },
    brew: 'brew install nginx',
  },
};

/** The stream module's file is Debian's layout: elsewhere (brew) nginx has it built in. */
function requiredFiles(name, distribution) {
  return distribution ? (SYSTEM_PACKAGES[name].files ?? []) : [];
}

/** Whether an executable file is there: an absolute path as is, a bare name on the PATH. */
export function executableExists(binary, searchPath = process.env.PATH ?? '') {
  const candidates = binary.includes('/')
    ? [binary]
    : searchPath
        .split(delimiter)
        .filter(Boolean)
        .map((folder) => join(folder, binary));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** 'debian', 'ubuntu' or null, from /etc/os-release (ID, then ID_LIKE). */
export function aptDistribution(osRelease) {
  const field = (name) => osRelease.match(new RegExp(`^${name}="?([^"\\n]*)"?$`, 'm'))?.[1] ?? '';
  const ids = [field('ID'), ...field('ID_LIKE').split(/\s+/)];
  if (ids.includes('ubuntu')) return 'ubuntu';
  if (ids.includes('debian')) return 'debian';
  return null;
}

/**
 * What to do about the packages `wanted`, a pure decision:
 *   { action: 'none' }                                    everything is there
 *   { action: 'install', packages, commands }             root on Debian/Ubuntu with apt-get
 *   { action: 'stop', message }                           one line naming the exact command
 * `present(binary)` says whether a binary exists; `env.CHROMIUM_PATH` stands in for Chromium.
 */
export function planSystemPackages({ wanted, platform, uid, distribution, hasAptGet, present, env = {} }) {
  const missing = wanted.filter((name) => {
    if (name === 'chromium' && env.CHROMIUM_PATH) return !present(env.CHROMIUM_PATH);
    const needed = [...SYSTEM_PACKAGES[name].binaries, ...requiredFiles(name, distribution)];
    return !needed.every((binary) => present(binary));
  });
  if (missing.length === 0) return { action: 'none', missing };
  const names = missing.join(' and ');
  if (platform === 'linux' && distribution && hasAptGet) {
    const packages = missing.flatMap((name) => SYSTEM_PACKAGES[name].apt[distribution]);
    const install = ['apt-get', 'install', '-y', '-qq', ...packages];
    if (uid === 0) return { action: 'install', missing, packages, commands: [['apt-get', 'update', '-qq'], install] };
    const command = `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
    return {
      action: 'stop',
      missing,
      message: `Regie needs ${names}, not installed: run \`${command}\`, then try again.`,
    };
  }
  if (platform === 'darwin') {
    const command = missing.map((name) => SYSTEM_PACKAGES[name].brew).join(' && ');
    const chromium = missing.includes('chromium')
      ? ' (and set CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium)'
      : '';
    return {
      action: 'stop',
      missing,
      message: `Regie needs ${names}, not installed: run \`${command}\`${chromium}, then try again.`,
    };
  }
  return {
    action: 'stop',
    missing,
    message: `Regie needs ${names}, not installed: install ${names} with your system's package manager (ffmpeg and ffprobe on the PATH, Chromium at CHROMIUM_PATH), then try again.`,
  };
}

function readOsRelease() {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    return '';
  }
}

/** Checks, installs or stops the process with one line; returns once every package is there. */
export function ensureSystemPackages(wanted) {
  const plan = planSystemPackages({
    wanted,
    platform: process.platform,
    uid: process.getuid?.() ?? -1,
    distribution: aptDistribution(readOsRelease()),
    hasAptGet: executableExists('apt-get'),
    // A module file (nginx's stream module) is no executable: there is enough.
    present: (binary) => (binary.endsWith('.so') ? existsSync(binary) : executableExists(binary)),
    env: process.env,
  });
  if (plan.action === 'none') return;
  if (plan.action === 'stop') {
    console.error(plan.message);
    process.exit(1);
  }
  console.log(`Installing ${plan.packages.join(' ')} with apt-get (missing: ${plan.missing.join(', ')})…`);
  for (const [command, ...args] of plan.commands) {
    const result = spawnSync(command, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.error(
        `\`${command} ${args.join(' ')}\` failed (exit ${result.status}): install ${plan.packages.join(' ')} by hand.`,
      );
      process.exit(1);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureSystemPackages(process.argv.slice(2));
}
