import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The CLI's settings: flags first, then the environment, then the file `svc login` writes
 * (`$SVC_CONFIG_DIR/config.json`, default `~/.config/svc/config.json`, mode 0600, since it holds
 * a session token). The one place the CLI reads the environment.
 */
export interface StoredConfig {
  url?: string;
  sessionToken?: string;
  /** A workspace API key saved by `svc login --api-key` (instead of a session). */
  apiKey?: string;
  email?: string;
  /** This device's `svc listen` signing secret: made once, kept across sign-ins. */
  listenSecret?: string;
}

export interface Environment {
  url: string | undefined;
  sessionToken: string | undefined;
  /** SVC_API_KEY: a workspace API key, for CI and scripts (overrides the saved sign-in). */
  apiKey?: string | undefined;
  projectKey: string | undefined;
  configDir: string;
}

export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return {
    url: env.SVC_URL || undefined,
    sessionToken: env.SVC_SESSION_TOKEN || undefined,
    apiKey: env.SVC_API_KEY || undefined,
    projectKey: env.SVC_PROJECT_KEY || undefined,
    configDir: env.SVC_CONFIG_DIR || path.join(base, "svc"),
  };
}

export function configFile(environment: Environment): string {
  return path.join(environment.configDir, "config.json");
}

export function loadConfig(environment: Environment): StoredConfig {
  try {
    return JSON.parse(fs.readFileSync(configFile(environment), "utf8")) as StoredConfig;
  } catch {
    return {};
  }
}

export function saveConfig(environment: Environment, config: StoredConfig): void {
  fs.mkdirSync(environment.configDir, { recursive: true, mode: 0o700 });
  const file = configFile(environment);
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/** This device's listen secret (`whsec_` and 32 random bytes), made and saved on first use. */
export function deviceListenSecret(environment: Environment): string {
  const stored = loadConfig(environment);
  if (stored.listenSecret) return stored.listenSecret;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const listenSecret = `whsec_${Buffer.from(bytes).toString("base64")}`;
  saveConfig(environment, { ...stored, listenSecret });
  return listenSecret;
}
