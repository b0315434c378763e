import { describe, expect, it } from 'vitest';
import { aptDistribution, planSystemPackages } from './system-packages.mjs';

/** A machine where only these binaries exist. */
const having =
  (...binaries) =>
  (binary) =>
    binaries.includes(binary);
const debianRoot = { platform: 'linux', uid: 0, distribution: 'debian', hasAptGet: true };

describe('the system packages npm start and npm test need', () => {
  it('does nothing when ffmpeg, ffprobe and Chromium are there', () => {
    const present = having('ffmpeg', 'ffprobe', '/usr/bin/chromium');
    expect(planSystemPackages({ ...debianRoot, wanted: ['ffmpeg', 'chromium'], present }).action).toBe('none');
  });

  it('installs the missing ones with apt-get as root on Debian, after one update', () => {
    const plan = planSystemPackages({ ...debianRoot, wanted: ['ffmpeg', 'chromium'], present: having('ffmpeg') });
    expect(plan).toMatchObject({ action: 'install', packages: ['ffmpeg', 'chromium'] });
    expect(plan.commands).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', 'ffmpeg', 'chromium'],
    ]);
    const ubuntu = planSystemPackages({
      ...debianRoot,
      distribution: 'ubuntu',
      wanted: ['chromium'],
      present: having(),
    });
    expect(ubuntu.packages).toEqual(['chromium-browser']);
  });

  it('stops with the exact sudo command when not root, and only asks for what is missing', () => {
    const plan = planSystemPackages({ ...debianRoot, uid: 1000, wanted: ['ffmpeg', 'chromium'], present: having() });
    expect(plan).toEqual({
      action: 'stop',
      missing: ['ffmpeg', 'chromium'],
      message:
        'Regie needs ffmpeg and chromium, not installed: run `sudo apt-get update && sudo apt-get install -y ffmpeg chromium`, then try again.',
    });
    const start = planSystemPackages({
      ...debianRoot,
      uid: 1000,
      wanted: ['ffmpeg'],
      present: having('/usr/bin/chromium'),
    });
    expect(start.message).toContain('`sudo apt-get update && sudo apt-get install -y ffmpeg`');
  });

  it('counts ffmpeg missing when ffprobe is, and honours CHROMIUM_PATH', () => {
    const plan = planSystemPackages({ ...debianRoot, uid: 1000, wanted: ['ffmpeg'], present: having('ffmpeg') });
    expect(plan.missing).toEqual(['ffmpeg']);
    const env = { CHROMIUM_PATH: '/opt/chromium/chrome' };
    const present = having('ffmpeg', 'ffprobe', '/opt/chromium/chrome');
    expect(planSystemPackages({ ...debianRoot, wanted: ['chromium'], present, env }).action).toBe('none');
  });

  it("installs nginx with Debian's stream module, which the cluster's RTMP upstream needs", () => {
    const module = '/usr/lib/nginx/modules/ngx_stream_module.so';
    const plan = planSystemPackages({ ...debianRoot, wanted: ['nginx'], present: having('nginx') });
    expect(plan).toMatchObject({ action: 'install', packages: ['nginx', 'libnginx-mod-stream'] });
    expect(planSystemPackages({ ...debianRoot, wanted: ['nginx'], present: having('nginx', module) }).action).toBe(
      'none',
    );
    const user = planSystemPackages({ ...debianRoot, uid: 1000, wanted: ['nginx'], present: having() });
    expect(user.message).toContain('`sudo apt-get update && sudo apt-get install -y nginx libnginx-mod-stream`');
  });

  it('names the brew command on macOS and the package manager elsewhere, never installing', () => {
    const mac = planSystemPackages({
      platform: 'darwin',
      uid: 501,
      distribution: null,
      hasAptGet: false,
      wanted: ['ffmpeg', 'chromium'],
      present: having(),
    });
    expect(mac.action).toBe('stop');
    expect(mac.message).toContain('`brew install ffmpeg && brew install --cask chromium`');
    const fedora = planSystemPackages({
      platform: 'linux',
      uid: 0,
      distribution: null,
      hasAptGet: false,
      wanted: ['ffmpeg'],
      present: having(),
    });
    expect(fedora.action).toBe('stop');
    expect(fedora.message).toMatch(
      /^Regie needs ffmpeg, not installed: install ffmpeg with your system's package manager/,
    );
  });

  it('reads Debian and Ubuntu (and their derivatives) from /etc/os-release', () => {
    expect(aptDistribution('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n')).toBe('debian');
    expect(aptDistribution('ID=ubuntu\nID_LIKE=debian\n')).toBe('ubuntu');
    expect(aptDistribution('ID=linuxmint\nID_LIKE="ubuntu debian"\n')).toBe('ubuntu');
    expect(aptDistribution('ID="fedora"\n')).toBeNull();
  });
});
