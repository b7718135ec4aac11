// `.env.example` says "copy to .env": `npm start` and `npm run dev` read it when it exists.
// Variables already set in the environment win; an empty value counts as unset (config.ts).
import { existsSync } from 'node:fs';

const envFile = new URL('../.env', import.meta.url).pathname;
if (existsSync(envFile)) process.loadEnvFile(envFile);
