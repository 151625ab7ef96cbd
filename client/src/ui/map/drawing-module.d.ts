/** The map's drawing, made when the client is built (vite.config.ts, drawing-build.ts). */
declare module "virtual:lebanon-drawing" {
  const drawing: import("./drawing").Drawing;
  export default drawing;
}
