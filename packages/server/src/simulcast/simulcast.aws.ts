import {
  CreateChannelCommand,
  type CreateChannelCommandInput,
  CreateInputCommand,
  DeleteChannelCommand,
  DeleteInputCommand,
  MediaLiveClient,
  StartChannelCommand,
  StopChannelCommand,
  waitUntilChannelCreated,
  waitUntilChannelDeleted,
  waitUntilChannelStopped,
} from '@aws-sdk/client-medialive';

/** How long the adapter waits for MediaLive to create, stop or delete a channel. */
const WAIT_SECONDS = 300;

/**
 * aws-simulcasts: the same simulcast run by a cloud media service, AWS Elemental MediaLive. The
 * channel pulls the simulcast's source (an RTMP_PULL input) and pushes one RTMP output per target.
 * Configured by environment: AWS_REGION (or REGIE_AWS_REGION), the usual AWS credentials (the SDK's
 * default chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, a role…) and
 * REGIE_MEDIALIVE_ROLE_ARN (the role MediaLive acts with). Without them the adapter is not
 * configured: the screens say so and the local engine runs aws simulcasts.
 */
export interface AwsSimulcastConfig {
  region: string;
  roleArn: string;
}

export interface CloudTarget {
  name: string;
  url: string;
  streamKey: string;
}

export interface CloudChannel {
  channelId: string;
  inputId: string;
}

export interface CloudSimulcast {
  readonly configured: boolean;
  readonly region: string | null;
  start(request: { name: string; sourceUrl: string; targets: readonly CloudTarget[] }): Promise<CloudChannel>;
  stop(channel: CloudChannel): Promise<void>;
}

/** The MediaLive configuration in the environment, or null when something is missing. */
export function awsSimulcastConfig(env: NodeJS.ProcessEnv = process.env): AwsSimulcastConfig | null {
  const region = env.REGIE_AWS_REGION ?? env.AWS_REGION;
  const roleArn = env.REGIE_MEDIALIVE_ROLE_ARN;
  const credentials = Boolean(
    (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) || env.AWS_PROFILE || env.AWS_WEB_IDENTITY_TOKEN_FILE,
  );
  if (!region || !roleArn || !credentials) return null;
  return { region, roleArn };
}

/** The channel: one 720p H.264 + AAC encode, an RTMP output group with one output per target. */
export function channelRequest(
  config: AwsSimulcastConfig,
  name: string,
  inputId: string,
  targets: readonly CloudTarget[],
): CreateChannelCommandInput {
  const destinations = targets.map((target, index) => ({
    Id: `target${index}`,
    Settings: [{ Url: target.url.replace(/\/+$/, ''), StreamName: target.streamKey }],
  }));
  return {
    Name: name,
    RoleArn: config.roleArn,
    ChannelClass: 'SINGLE_PIPELINE',
    InputAttachments: [
      {
        InputId: inputId,
        InputAttachmentName: 'source',
        InputSettings: { AudioSelectors: [{ Name: 'source-audio' }] },
      },
    ],
    Destinations: destinations,
    EncoderSettings: {
      TimecodeConfig: { Source: 'EMBEDDED' },
      AudioDescriptions: [
        {
          Name: 'audio',
          AudioSelectorName: 'source-audio',
          CodecSettings: { AacSettings: { Bitrate: 128_000, SampleRate: 48_000 } },
        },
      ],
      VideoDescriptions: [
        {
          Name: 'video',
          Width: 1280,
          Height: 720,
          CodecSettings: {
            H264Settings: { Bitrate: 4_500_000, RateControlMode: 'CBR', GopSize: 2, GopSizeUnits: 'SECONDS' },
          },
        },
      ],
      OutputGroups: [
        {
          Name: 'targets',
          OutputGroupSettings: { RtmpGroupSettings: { InputLossAction: 'EMIT_OUTPUT' } },
          Outputs: destinations.map((destination) => ({
            OutputName: destination.Id,
            VideoDescriptionName: 'video',
            AudioDescriptionNames: ['audio'],
            OutputSettings: {
              RtmpOutputSettings: { Destination: { DestinationRefId: destination.Id }, ConnectionRetryInterval: 2 },
            },
          })),
        },
      ],
    },
  };
}

function notConfigured(): CloudSimulcast {
  const refuse = () => Promise.reject(new Error('The cloud media service is not configured'));
  return { configured: false, region: null, start: refuse, stop: refuse };
}

/** The MediaLive adapter, or the not-configured one. */
export function createCloudSimulcast(config: AwsSimulcastConfig | null, client?: MediaLiveClient): CloudSimulcast {
  if (!config) return notConfigured();
  const medialive = client ?? new MediaLiveClient({ region: config.region });
  return {
    configured: true,
    region: config.region,
    async start({ name, sourceUrl, targets }) {
      const input = await medialive.send(
        new CreateInputCommand({ Name: `${name}-source`, Type: 'RTMP_PULL', Sources: [{ Url: sourceUrl }] }),
      );
      const inputId = input.Input?.Id;
      if (!inputId) throw new Error('MediaLive gave no input id');
      const channel = await medialive.send(new CreateChannelCommand(channelRequest(config, name, inputId, targets)));
      const channelId = channel.Channel?.Id;
      if (!channelId) throw new Error('MediaLive gave no channel id');
      const waiter = { client: medialive, maxWaitTime: WAIT_SECONDS };
      await waitUntilChannelCreated(waiter, { ChannelId: channelId });
      await medialive.send(new StartChannelCommand({ ChannelId: channelId }));
      return { channelId, inputId };
    },
    // The channel must be stopped to be deleted, and deleted before its input.
    async stop({ channelId, inputId }) {
      const waiter = { client: medialive, maxWaitTime: WAIT_SECONDS };
      await medialive.send(new StopChannelCommand({ ChannelId: channelId }));
      await waitUntilChannelStopped(waiter, { ChannelId: channelId });
      await medialive.send(new DeleteChannelCommand({ ChannelId: channelId }));
      await waitUntilChannelDeleted(waiter, { ChannelId: channelId });
      await medialive.send(new DeleteInputCommand({ InputId: inputId }));
    },
  };
}
