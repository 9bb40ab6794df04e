package parse

// nonblock: js/wasm (the playground) has no such flag, and no FIFOs to
// block on.
const nonblock = 0
