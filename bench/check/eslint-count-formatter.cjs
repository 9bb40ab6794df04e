// ESLint formatter for make bench-check: one JSON line of counts, so the
// run does not spend its time printing thousands of messages (oxlint and
// looplint print theirs, which is cheap for them).
module.exports = function (results) {
  const out = { files: 0, ignored: 0, errors: 0, warnings: 0, fatalFiles: 0, fatal: [], rules: {} };
  for (const r of results) {
    if (r.messages.some((m) => m.ruleId === null && !m.fatal && /^File ignored/.test(m.message))) {
      out.ignored++; // not linted: not counted as linted, nor its warning
      continue;
    }
    out.files++;
    out.errors += r.errorCount;
    out.warnings += r.warningCount;
    for (const m of r.messages) {
      if (m.fatal) {
        out.fatalFiles++;
        if (out.fatal.length < 20) out.fatal.push(`${r.filePath}:${m.line}:${m.column}: ${m.message}`);
      } else {
        out.rules[m.ruleId] = (out.rules[m.ruleId] || 0) + 1;
      }
    }
  }
  return JSON.stringify(out) + "\n";
};
