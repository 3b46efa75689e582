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
  email?: string;
}

export interface Environment {
  url: string | undefined;
  sessionToken: string | undefined;
  projectKey: string | undefined;
  configDir: string;
}

export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return {
    url: env.SVC_URL || undefined,
    sessionToken: env.SVC_SESSION_TOKEN || undefined,
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
