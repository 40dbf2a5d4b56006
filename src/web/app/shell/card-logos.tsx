/**
 * Card brands accepted (spec 1: Mastercard, Maestro, Visa). Simple marks drawn here rather than
 * trademark artwork; each is an image with an accessible name.
 */
export function MastercardLogo() {
  return (
    <svg className="card-logo" viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Mastercard">
      <title>Mastercard</title>
      <rect width="48" height="30" rx="4" fill="#1f1f1f" />
      <circle cx="19" cy="15" r="9" fill="#eb001b" />
      <circle cx="29" cy="15" r="9" fill="#f79e1b" />
      <path d="M24 7.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" fill="#ff5f00" />
    </svg>
  );
}

export function MaestroLogo() {
  return (
    <svg className="card-logo" viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Maestro">
      <title>Maestro</title>
      <rect width="48" height="30" rx="4" fill="#fff" stroke="#d0d5da" />
      <circle cx="19" cy="15" r="9" fill="#eb001b" />
      <circle cx="29" cy="15" r="9" fill="#00a2e5" />
      <path d="M24 7.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" fill="#7375cf" />
    </svg>
  );
}

export function VisaLogo() {
  return (
    <svg className="card-logo" viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Visa">
      <title>Visa</title>
      <rect width="48" height="30" rx="4" fill="#1a1f71" />
      <text
        x="24"
        y="20"
        textAnchor="middle"
        fill="#fff"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="13"
        fontStyle="italic"
        fontWeight="800"
        letterSpacing="0.5"
      >
        VISA
      </text>
      <path d="M9 23h30" stroke="#f7b600" strokeWidth="1.6" />
    </svg>
  );
}
