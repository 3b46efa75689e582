import { EncodedFileOutput, EncodedFileType, S3Upload } from "livekit-server-sdk";

/**
 * Where a LiveKit recording is written (docs/decisions/1092): a Room Composite Egress uploads one
 * MP4 to the service's own S3 bucket under a key that names our recording id, so `egress_ended`
 * maps back to the recording without any stored handle, and the download link serves the object.
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

export function recordingObjectKey(roomId: string, recordingId: string): string {
  return `recordings/${roomId}/${recordingId}.mp4`;
}

/** The recording id inside an object key or file path we wrote, if any. */
export function recordingIdIn(path: string | undefined): string | undefined {
  return path ? RECORDING_ID.exec(path)?.[0] : undefined;
}

export function egressFileOutput(storage: EgressStorage, key: string): EncodedFileOutput {
  return new EncodedFileOutput({
    fileType: EncodedFileType.MP4,
    filepath: key,
    // The object is the recording: no manifest JSON beside it.
    disableManifest: true,
    output: {
      case: "s3",
      value: new S3Upload({
        bucket: storage.bucket,
        region: storage.region,
        endpoint: storage.endpoint ?? "",
        forcePathStyle: storage.forcePathStyle,
        accessKey: storage.credentials?.accessKeyId ?? "",
        secret: storage.credentials?.secretAccessKey ?? "",
      }),
    },
  });
}
