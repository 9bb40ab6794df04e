// Pattern (missed): a client-secret generator reads its private key with
// readFileSync each time it signs; the OAuth client that calls it for
// every token exchange (an async method) is another module.
const fs = require('fs');
class ClientSecret {
  constructor(keyPath) {
    this.keyPath = keyPath;
  }
  generate(sign) {
    const key = fs.readFileSync(this.keyPath); // hazard (missed: the callers on the loop are another module's methods)
    return sign({ iat: Math.floor(Date.now() / 1000) }, key);
  }
}
module.exports = ClientSecret;
