/**
 * The hosts from which Markdown images on the content pages may load (docs/content.md, "Images"): a
 * JSON array in site_settings under this key, which admins change from the Site settings tab.
 */
export const IMAGE_HOSTS_KEY = 'content_image_hosts';
export const MAX_IMAGE_HOSTS = 50;

/** A host name: labels of letters, digits and hyphens, at least one dot; no scheme, port or path. */
export const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The stored list, or none when it is missing or not a list of host names. */
export function parseImageHosts(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((h): h is string => typeof h === 'string' && HOST_NAME.test(h)) : [];
  } catch {
    return [];
  }
}
