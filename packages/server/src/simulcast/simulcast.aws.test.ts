import { describe, expect, it } from 'vitest';
import { awsSimulcastConfig, channelRequest, createCloudSimulcast } from './simulcast.aws.ts';

describe('aws simulcast adapter', () => {
  it('is configured only with a region, credentials and the MediaLive role', () => {
    const full = {
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
      REGIE_MEDIALIVE_ROLE_ARN: 'arn:aws:iam::1:role/medialive',
    };
    expect(awsSimulcastConfig(full)).toEqual({ region: 'eu-west-1', roleArn: 'arn:aws:iam::1:role/medialive' });
    expect(awsSimulcastConfig({ ...full, AWS_SECRET_ACCESS_KEY: undefined })).toBeNull();
    expect(awsSimulcastConfig({ ...full, REGIE_MEDIALIVE_ROLE_ARN: undefined })).toBeNull();
    expect(awsSimulcastConfig({ ...full, AWS_REGION: undefined, REGIE_AWS_REGION: 'us-east-1' })?.region).toBe(
      'us-east-1',
    );
    expect(createCloudSimulcast(null)).toMatchObject({ configured: false, region: null });
  });

  it('asks for one RTMP output per target, each with its own destination and key', () => {
    const request = channelRequest({ region: 'eu-west-1', roleArn: 'arn:role' }, 'regie-1-2', 'input-9', [
      { name: 'YouTube', url: 'rtmps://a.rtmp.youtube.com/live2/', streamKey: 'yt-key' },
      { name: 'Twitch', url: 'rtmp://live.twitch.tv/app', streamKey: 'tw-key' },
    ]);
    expect(request.Destinations).toEqual([
      { Id: 'target0', Settings: [{ Url: 'rtmps://a.rtmp.youtube.com/live2', StreamName: 'yt-key' }] },
      { Id: 'target1', Settings: [{ Url: 'rtmp://live.twitch.tv/app', StreamName: 'tw-key' }] },
    ]);
    const outputs = request.EncoderSettings?.OutputGroups?.[0]?.Outputs ?? [];
    expect(outputs.map((output) => output.OutputSettings?.RtmpOutputSettings?.Destination?.DestinationRefId)).toEqual([
      'target0',
      'target1',
    ]);
    expect(request.InputAttachments?.[0]?.InputId).toBe('input-9');
    expect(request.RoleArn).toBe('arn:role');
  });
});
