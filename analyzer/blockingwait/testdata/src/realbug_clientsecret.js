// Pattern: a client-secret generator reads its private key with
// readFileSync each time it signs; the OAuth client that calls it for
// every token exchange (an async method) is another module of the
// project (realbug_callers/oauth.js), which keeps the generator on this.
const fs = require('fs');
class ClientSecret {
  constructor(keyPath) {
    this.keyPath = keyPath;
  }
  generate(sign) {
    const key = fs.readFileSync(this.keyPath); // hazard // want "fs.readFileSync blocks the event loop in ClientSecret.generate, which realbug_callers/oauth.js calls at line 12 in OAuthClient.exchange, an async function that never awaits"
    return sign({ iat: Math.floor(Date.now() / 1000) }, key);
  }
}
module.exports = ClientSecret;
