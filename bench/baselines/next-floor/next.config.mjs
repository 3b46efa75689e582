// The bare Next app the bench measures Next's own GET and POST floors on
// (bench/sections/next-floor.mts): nothing of the control plane's.
const config = {};
export default config;
