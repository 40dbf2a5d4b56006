/**
 * Card brands accepted (spec 1: Mastercard, Maestro, Visa). Simple marks drawn here rather than
 * trademark artwork; each is an image with an accessible name. The drawings are static files
 * (src/web/public/cards/), not inline SVG: they are not JavaScript the first load has to fetch
 * (decision 039), and the service worker precaches them with the shell.
 */
function CardLogo({ file, name }: { file: string; name: string }) {
  return <img className="card-logo" src={`/cards/${file}.svg`} alt={name} width="48" height="30" loading="lazy" decoding="async" />;
}

export const MastercardLogo = () => <CardLogo file="mastercard" name="Mastercard" />;
export const MaestroLogo = () => <CardLogo file="maestro" name="Maestro" />;
export const VisaLogo = () => <CardLogo file="visa" name="Visa" />;
