import {
  EncodedFileOutput,
  EncodedFileType,
  S3Upload,
  SegmentedFileOutput,
  SegmentedFileProtocol,
  StreamOutput,
  StreamProtocol,
} from "livekit-server-sdk";
import type { MediaStreamOutput } from "@/lib/media/plane";

/**
 * Where a LiveKit recording is written (docs/decisions/1092, 1245, 1247): a Room Composite Egress
 * uploads one MP4 and an HLS rendition (segments and a playlist) to the service's own S3 bucket,
 * under the recording's prefix that the service derived (it names our recording id, so
 * `egress_ended` maps back to the recording without any stored handle).
 */

/** The bucket as the egress needs it (lib/storage/storage-config.ts's StorageConfig, narrowed). */
export interface EgressStorage {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** undefined: the egress service's own credentials (its instance role or environment). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The embedded store lives in the service's data dir: no egress can upload to it. */
  local: boolean;
}

/** Our recording ids (lib/ids.ts `rec_`): what a key and an egress's file path are searched for. */
const RECORDING_ID = /rec_[A-Za-z0-9]{16,64}/;

/** The key of an egress started before keys were derived by the service (docs/decisions/1245). */
export function recordingObjectKey(roomId: string, recordingId: string): string {
  return `recordings/${roomId}/${recordingId}.mp4`;
}

/** The recording id inside an object key or file path we wrote, if any. */
export function recordingIdIn(path: string | undefined): string | undefined {
  return path ? RECORDING_ID.exec(path)?.[0] : undefined;
}

const s3Upload = (storage: EgressStorage) =>
  new S3Upload({
    bucket: storage.bucket,
    region: storage.region,
    endpoint: storage.endpoint ?? "",
    forcePathStyle: storage.forcePathStyle,
    accessKey: storage.credentials?.accessKeyId ?? "",
    secret: storage.credentials?.secretAccessKey ?? "",
  });

export function egressFileOutput(storage: EgressStorage, key: string): EncodedFileOutput {
  return new EncodedFileOutput({
    fileType: EncodedFileType.MP4,
    filepath: key,
    // The object is the recording: no manifest JSON beside it.
    disableManifest: true,
    output: { case: "s3", value: s3Upload(storage) },
  });
}

/** The HLS rendition beside the MP4: `<prefix>hls/index.m3u8` and its segments (docs/decisions/1247). */
export function egressSegmentsOutput(storage: EgressStorage, prefix: string): SegmentedFileOutput {
  return new SegmentedFileOutput({
    protocol: SegmentedFileProtocol.HLS_PROTOCOL,
    filenamePrefix: `${prefix}hls/segment`,
    playlistName: "index.m3u8",
    segmentDuration: 6,
    disableManifest: true,
    output: { case: "s3", value: s3Upload(storage) },
  });
}

/**
 * A live stream's outputs as one egress takes them (issue 45, docs/streaming.md): every RTMP
 * destination in one stream output (`<url>/<stream key>`, as RTMP servers expect), and HLS as
 * live segments into the service's bucket, `<prefix>index.m3u8` (2 s segments: a lower latency).
 */
export function egressStreamOutputs(
  storage: EgressStorage,
  outputs: readonly MediaStreamOutput[],
): { stream?: StreamOutput; segments?: SegmentedFileOutput } {
  const urls = outputs.flatMap((o) =>
    o.kind === "rtmp" ? [`${o.url.replace(/\/+$/, "")}/${o.streamKey}`] : [],
  );
  const hls = outputs.find((o) => o.kind === "hls");
  return {
    ...(urls.length > 0 ? { stream: new StreamOutput({ protocol: StreamProtocol.RTMP, urls }) } : {}),
    ...(hls
      ? {
          segments: new SegmentedFileOutput({
            protocol: SegmentedFileProtocol.HLS_PROTOCOL,
            filenamePrefix: `${hls.objectPrefix}segment`,
            playlistName: "index.m3u8",
            livePlaylistName: "live.m3u8",
            segmentDuration: 2,
            disableManifest: true,
            output: { case: "s3", value: s3Upload(storage) },
          }),
        }
      : {}),
  };
}
