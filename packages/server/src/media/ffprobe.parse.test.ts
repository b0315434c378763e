import { describe, expect, it } from 'vitest';
import { parseProbeOutput, probeArgs } from './ffprobe.service.ts';

const video = {
  codec_type: 'video',
  codec_name: 'h264',
  width: 1920,
  height: 1080,
  avg_frame_rate: '30000/1001',
  r_frame_rate: '30000/1001',
};
const audio = { codec_type: 'audio', codec_name: 'aac' };
const format = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.345000', bit_rate: '4500000', size: '6944000' };

describe('ffprobe', () => {
  it('asks for the format and streams as JSON', () => {
    expect(probeArgs('/a.mp4')).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '/a.mp4',
    ]);
  });

  it('reads typed technical metadata', () => {
    expect(parseProbeOutput(JSON.stringify({ streams: [video, audio], format }))).toEqual({
      durationSeconds: 12.345,
      width: 1920,
      height: 1080,
      videoCodec: 'h264',
      audioCodec: 'aac',
      hasAudio: true,
      bitrate: 4_500_000,
      fps: 29.97,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      sizeBytes: 6_944_000,
    });
  });

  it('swaps width and height of a video recorded turned', () => {
    const turned = { ...video, side_data_list: [{ rotation: -90 }] };
    expect(parseProbeOutput(JSON.stringify({ streams: [turned], format }))).toMatchObject({
      width: 1080,
      height: 1920,
      hasAudio: false,
      audioCodec: null,
    });
  });

  it('skips cover art and says a file without video is not a video', () => {
    const cover = { ...video, codec_name: 'mjpeg', disposition: { attached_pic: 1 } };
    expect(() => parseProbeOutput(JSON.stringify({ streams: [audio, cover], format }))).toThrow(
      'The file is not a video ffmpeg can read: it has no video stream',
    );
  });

  it('refuses still images and unknown durations', () => {
    const image = { streams: [{ ...video, codec_name: 'png' }], format: { format_name: 'png_pipe' } };
    expect(() => parseProbeOutput(JSON.stringify(image))).toThrow('it is a still image');
    expect(() => parseProbeOutput(JSON.stringify({ streams: [video], format: { format_name: 'mpegts' } }))).toThrow(
      'its duration is unknown',
    );
  });
});
