import type { MediaObservation } from "@/lib/media/connections";
import type { QualitySample } from "@/lib/media/qos/quality-sample";

/**
 * What a driver hands the domain: the pipeline's observations (lib/media/connections.ts) and
 * quality samples (lib/media/qos/quality-sample.ts), which the domain judges after the
 * observations committed (lib/media/receive-observations.ts).
 */
export type DriverObservation = MediaObservation | QualitySample;
