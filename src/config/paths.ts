/** Where vigil keeps its files (XDG base directories). */
import { homedir } from "node:os";
import { join } from "node:path";

type Env = Record<string, string | undefined>;

/** The home directory of `env` (its HOME), else the process's: the paths follow the environment they are given. */
const home = (env: Env) => env.HOME || homedir();

/** The config file: $VIGIL_CONFIG, else $XDG_CONFIG_HOME/vigil/config.json, else ~/.config/vigil/config.json. */
export function configPath(env: Env, flag?: string): string {
  if (flag) return flag;
  if (env.VIGIL_CONFIG) return env.VIGIL_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(home(env), ".config");
  return join(base, "vigil", "config.json");
}

/** The data dir: --data, else $VIGIL_DATA_DIR, else $XDG_DATA_HOME/vigil, else ~/.local/share/vigil. */
export function dataDir(env: Env, flag?: string): string {
  if (flag) return flag;
  if (env.VIGIL_DATA_DIR) return env.VIGIL_DATA_DIR;
  const base = env.XDG_DATA_HOME || join(home(env), ".local", "share");
  return join(base, "vigil");
}
