import { resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { backupDatabase, restoreDatabase } from './db/backup.ts';
import { openDatabase } from './db/client.ts';
import { StartupError } from './errors.ts';
import { findUserByEmail, grantAdminAsAdmin } from './features/users/users-repository.ts';

const usage = `usage: npm run cli -- make-admin <email>
       npm run cli -- backup <file>
       npm run cli -- restore <file>`;

/**
 * Operator commands that work on the database directly (stop the server first on PGlite), and
 * backup / restore (a running embedded server is asked for its backup: docs/decisions/011).
 */
async function main(argv: string[]) {
  const [command, ...args] = argv;
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    const file = args[0];
    if (!file) throw new StartupError(usage);
    const where = { databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR), file };
    await (command === 'backup' ? backupDatabase(where) : restoreDatabase(where));
    process.stdout.write(
      command === 'backup' ? `backup written to ${file}\n` : `restored ${file}\n`,
    );
    return;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
  });
  try {
    switch (command) {
      case 'make-admin': {
        const email = args[0]?.trim().toLowerCase();
        if (!email) throw new StartupError(usage);
        const found = await findUserByEmail(database.db, email);
        if (!found)
          throw new StartupError(`no user with the email ${email}; they must sign up first`);
        const changed = await grantAdminAsAdmin(
          database.db,
          { id: null, email: null, ip: null },
          found,
          ' (command line)',
        );
        process.stdout.write(
          changed ? `${email} is now an admin\n` : `${email} was already an admin\n`,
        );
        break;
      }
      default:
        throw new StartupError(`${command ? `unknown command ${command}; ` : ''}${usage}`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof StartupError ? error.message : String(error);
  process.stderr.write(`proper-parts: ${message}\n`);
  process.exit(1);
});
