const { saveReport } = require('../callers.js');

async function main() {
  const rows = await Promise.all([1, 2, 3].map(async (n) => n * n));
  saveReport(rows);
}

main();
