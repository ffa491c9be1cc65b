import { z } from "zod";

// zod 4 probes `new Function` once to decide whether it may compile validators; under our CSP
// the browser reports that probe as a violation. Imported first by both entries.
z.config({ jitless: true });
