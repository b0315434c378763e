// hls.js ships no types for its light build; its API is the full build's, minus features we do not use.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
