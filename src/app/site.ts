/**
 * The product's public contact details and outbound links. Placeholders until the real accounts and the
 * App Store listing exist: the address and handles are the product's own, not anyone's personal ones.
 */
export const CONTACT_EMAIL = 'hello@retrocam.app';
export const SOCIAL_LINKS = [
  { label: 'Instagram', handle: '@retrocam.app', href: 'https://www.instagram.com/retrocam.app/' },
  { label: 'TikTok', handle: '@retrocam.app', href: 'https://www.tiktok.com/@retrocam.app' },
] as const;
export const APP_STORE_URL = 'https://apps.apple.com/app/retrocam/id6740000000';
export const POLICY_EFFECTIVE_DATE = '14 October 2025';
/** The landing page's backgrounds: Kodak test photos run through RetroCam's own looks (see README). */
export const LANDING_BACKGROUNDS = [
  '/backgrounds/landing-1.webp',
  '/backgrounds/landing-2.webp',
  '/backgrounds/landing-3.webp',
] as const;
