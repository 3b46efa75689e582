// The bare Next app the bench measures Next's own GET and POST floors on: nothing of the
// control plane's (no proxy, instrumentation or handler wrapper).
const config = {};
export default config;
