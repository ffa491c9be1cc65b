// Finds a Chromium for anything that drives one (end-to-end tests, Lighthouse), so that a machine
// with nothing but Node can run them. In order: CHROMIUM_PATH; a system Chromium or Chrome; on
// x64 Linux, the Chromium shipped inside the npm package @sparticuz/chromium (an optional dev
// dependency; the package has no arm64 build).
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Every launch gets these. Without the networking flags Chromium floods this closed network
 * with requests; there is no GPU.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const SYSTEM_PATHS = {
  linux: ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"],
  darwin: ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Chromium.app/Contents/MacOS/Chromium"],
};

export const NO_CHROMIUM_MESSAGE =
  "No Chromium found: set CHROMIUM_PATH to a Chromium or Chrome executable, or install one " +
  "(Debian: apt-get install chromium; macOS: Google Chrome), or on x64 Linux run `npm install` to get @sparticuz/chromium.";

/**
 * @sparticuz/chromium's flags are for puppeteer on AWS Lambda. These ones are dropped, each for a
 * reason checked with playwright-core 1.65 here:
 * - `--single-process`: Playwright hangs when a test opens a second browser context.
 * - `--no-zygote`: every page's renderer then starts by a fresh exec instead of a fork; the browser
 *   took 2-3 times the CPU time for the same pages.
 * - `--headless=...`: Playwright passes its own `--headless`; the package's quoted `'shell'` is for puppeteer.
 * - `--disable-features=`, `--enable-features=`: Chromium keeps only the last of each switch, so these
 *   would replace Playwright's own lists, which turn off Chromium's start-up requests to Google.
 * - `--disable-web-security`, `--allow-running-insecure-content`: tests must meet the same-origin and
 *   mixed-content rules a visitor's browser enforces.
 * - the GPU flags: we run with `--disable-gpu`.
 */
const DROPPED_PACKAGE_FLAGS = [
  /^--single-process$/,
  /^--no-zygote$/,
  /^--headless\b/,
  /^--(disable|enable)-features=/,
  /^--disable-web-security$/,
  /^--allow-running-insecure-content$/,
  /^--(use-gl|use-angle)=/,
  /^--(enable-unsafe-swiftshader|in-process-gpu|ignore-gpu-blocklist)$/,
];

function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    const stats = statSync(path);
    return stats.isFile() && stats.size > 0;
  } catch {
    return false;
  }
}

/**
 * Unpacks the package's Chromium once per package version into its own folder of the temp
 * directory. The package would unpack to `<tmp>/chromium` and reuse whatever is there, even a half
 * written file or another version's; unpacking into a private folder that is renamed into place
 * when complete avoids both, and two processes unpacking at once. The package unpacks into
 * os.tmpdir(), so a child process with its own TMPDIR does it (this process's TMPDIR stays as it is).
 */
async function unpackPackagedChromium() {
  let entry;
  try {
    entry = createRequire(import.meta.url).resolve("@sparticuz/chromium"); // somewhere under <package>/build
  } catch (error) {
    if (error.code === "MODULE_NOT_FOUND") return null; // an optional dependency: not installed
    throw error;
  }
  // The entry's folder differs between versions (build/, build/cjs/): the package is the folder above it named so.
  const packageFolder = entry.slice(0, entry.lastIndexOf("@sparticuz/chromium") + "@sparticuz/chromium".length);
  const { version } = JSON.parse(readFileSync(join(packageFolder, "package.json"), "utf8"));
  const { default: chromium } = await import(pathToFileURL(entry).href);
  const folder = join(tmpdir(), `sparticuz-chromium-${version}`);
  const executablePath = join(folder, "chromium");
  if (!existsSync(executablePath)) {
    const partial = `${folder}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const unpack = `const { default: chromium } = await import(${JSON.stringify(pathToFileURL(entry).href)});
      await chromium.executablePath(${JSON.stringify(join(packageFolder, "bin"))});`;
    try {
      await run(process.execPath, ["--input-type=module", "-e", unpack], { env: { ...process.env, TMPDIR: partial } });
      renameSync(partial, folder);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(executablePath)) throw error; // else another process finished first
    }
  }
  const packageArgs = chromium.args.filter((arg) => !DROPPED_PACKAGE_FLAGS.some((flag) => flag.test(arg)));
  return { executablePath, args: [...new Set([...CHROMIUM_ARGS, ...packageArgs])] };
}

/**
 * @returns {Promise<{ executablePath: string, args: string[], source: string }>}
 * @throws {Error} with NO_CHROMIUM_MESSAGE when there is none
 */
export async function findChromium({ env = process.env, platform = process.platform, arch = process.arch } = {}) {
  if (env.CHROMIUM_PATH) {
    if (!isExecutableFile(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file.`);
    return { executablePath: env.CHROMIUM_PATH, args: CHROMIUM_ARGS, source: "CHROMIUM_PATH" };
  }
  const system = (SYSTEM_PATHS[platform] ?? []).find(isExecutableFile);
  if (system) return { executablePath: system, args: CHROMIUM_ARGS, source: "system" };
  if (platform === "linux" && arch === "x64") {
    const packaged = await unpackPackagedChromium();
    if (packaged) return { ...packaged, source: "@sparticuz/chromium" };
  }
  throw new Error(NO_CHROMIUM_MESSAGE);
}

// `node scripts/find-chromium.mjs` prints what would be used.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const found = await findChromium();
    console.log(`${found.executablePath} (${found.source})`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
