/** What the command-line tools share: reading the settings, and stopping with a message instead of a stack trace. */
import { ConfigError, loadConfig, type AppConfig } from '../config';

export class ToolError extends Error {}

/** The server's own settings (the same environment), or a ToolError naming the bad one. */
export function toolConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new ToolError(error.message);
    throw error;
  }
}

/** Runs a tool's main(): a ToolError prints its message and exits 1; anything else prints what broke. */
export function runTool(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof ToolError) console.error(`${name}: ${error.message}`);
      else console.error(`${name} failed:`, error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
