/**
 * What a client may set as a profile image on the hosted service: only an uploaded image (a base64
 * `data:image/...` URL, or bare base64), never a link to one; servers may set any URL.
 */
const UPLOADED_IMAGE = /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9+/]+={0,2}$/

/**
 * Whether a client's profile image value is refused (an empty or absent one never is).
 *
 * @example clientImageRefused("https://img.example/a.png") // true
 */
export const clientImageRefused = (url: string | null | undefined): boolean =>
  url !== undefined && url !== null && url !== "" && !UPLOADED_IMAGE.test(url)
