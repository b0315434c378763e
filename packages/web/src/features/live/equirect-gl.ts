import type { View } from './immersive-math.ts';

/**
 * A minimal WebGL renderer of an equirectangular picture: one quad over the canvas, whose
 * fragment shader turns each pixel into a direction (yaw, pitch, field of view), then into
 * longitude and latitude, and samples the video frame there (a sphere seen from its centre).
 */
const VERTEX = `
attribute vec2 a_position;
varying vec2 v_position;
void main() {
  v_position = a_position;
  gl_Position = vec4(a_position, 0.0, 1.0);
}`;

const FRAGMENT = `
precision mediump float;
uniform sampler2D u_frame;
uniform float u_yaw;
uniform float u_pitch;
uniform float u_tanHalfFov;
uniform float u_aspect;
varying vec2 v_position;
const float PI = 3.14159265;
void main() {
  vec3 ray = normalize(vec3(v_position.x * u_tanHalfFov * u_aspect, v_position.y * u_tanHalfFov, -1.0));
  float cp = cos(u_pitch);
  float sp = sin(u_pitch);
  ray = vec3(ray.x, ray.y * cp - ray.z * sp, ray.y * sp + ray.z * cp);
  float cy = cos(u_yaw);
  float sy = sin(u_yaw);
  ray = vec3(ray.x * cy - ray.z * sy, ray.y, ray.x * sy + ray.z * cy);
  float longitude = atan(ray.x, -ray.z);
  float latitude = asin(clamp(ray.y, -1.0, 1.0));
  gl_FragColor = texture2D(u_frame, vec2(longitude / (2.0 * PI) + 0.5, 0.5 - latitude / PI));
}`;

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('WebGL: no shader');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader) ?? 'shader');
  return shader;
}

export interface EquirectRenderer {
  /** Draws the view; uploads the video's current frame first when it has one. */
  draw(view: View, fieldOfViewDegrees: number): void;
  dispose(): void;
}

/** The renderer of `canvas` sampling `video`, or null where WebGL is unavailable. */
export function createEquirectRenderer(canvas: HTMLCanvasElement, video: HTMLVideoElement): EquirectRenderer | null {
  const gl = canvas.getContext('webgl', { antialias: false });
  if (!gl) return null;
  const program = gl.createProgram();
  if (!program) return null;
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
  // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook.
  gl.useProgram(program);

  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'a_position');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);

  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  // Video frames are not powers of two: no mipmaps, no repeat.
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  // Black until the first frame arrives.
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, 1, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array([0, 0, 0, 255]));

  const uniform = (name: string) => gl.getUniformLocation(program, name);
  const at = {
    yaw: uniform('u_yaw'),
    pitch: uniform('u_pitch'),
    tanHalfFov: uniform('u_tanHalfFov'),
    aspect: uniform('u_aspect'),
  };
  const radians = (degrees: number) => (degrees * Math.PI) / 180;

  return {
    draw(view, fieldOfViewDegrees) {
      const width = canvas.clientWidth * (window.devicePixelRatio || 1);
      const height = canvas.clientHeight * (window.devicePixelRatio || 1);
      if (canvas.width !== Math.round(width) || canvas.height !== Math.round(height)) {
        canvas.width = Math.max(1, Math.round(width));
        canvas.height = Math.max(1, Math.round(height));
      }
      gl.viewport(0, 0, canvas.width, canvas.height);
      if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, video);
      }
      gl.uniform1f(at.yaw, radians(view.yaw));
      gl.uniform1f(at.pitch, radians(view.pitch));
      gl.uniform1f(at.tanHalfFov, Math.tan(radians(fieldOfViewDegrees) / 2));
      gl.uniform1f(at.aspect, canvas.width / canvas.height);
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    },
    dispose() {
      gl.deleteTexture(texture);
      gl.deleteBuffer(buffer);
      gl.deleteProgram(program);
    },
  };
}
