// The looplint extension is a client of `looplint lsp`: it starts the
// server for JavaScript and TypeScript files and shows what it says.
'use strict';
const fs = require('fs');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

// binary prefers the workspace's own install (npm i -D looplint), then the
// setting, then looplint on PATH.
function binary() {
  const set = vscode.workspace.getConfiguration('looplint').get('path') || 'looplint';
  for (const folder of vscode.workspace.workspaceFolders || []) {
    const local = path.join(folder.uri.fsPath, 'node_modules', '.bin', process.platform === 'win32' ? 'looplint.cmd' : 'looplint');
    if (set === 'looplint' && fs.existsSync(local)) return local;
  }
  return set;
}

function activate(context) {
  const command = binary();
  const server = { command, args: ['lsp'], transport: TransportKind.stdio };
  client = new LanguageClient('looplint', 'looplint', { run: server, debug: server }, {
    documentSelector: ['javascript', 'javascriptreact', 'typescript', 'typescriptreact'].map((language) => ({ scheme: 'file', language })),
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
