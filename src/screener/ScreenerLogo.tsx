import { useState } from 'react';

function BrainIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-12 w-12 text-primary" fill="none" stroke="currentColor"
      strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M9.5 3a3 3 0 0 0-3 3 3 3 0 0 0-2.5 4.5A3 3 0 0 0 5 16a3 3 0 0 0 4.5 3 2.5 2.5 0 0 0 2.5-2.5V5.5A2.5 2.5 0 0 0 9.5 3Z" />
      <path d="M14.5 3a3 3 0 0 1 3 3 3 3 0 0 1 2.5 4.5A3 3 0 0 1 19 16a3 3 0 0 1-4.5 3 2.5 2.5 0 0 1-2.5-2.5V5.5A2.5 2.5 0 0 1 14.5 3Z" />
    </svg>
  );
}

/** The operator's logo, or the default brain icon when there is none or it fails to load. */
export function ScreenerLogo({ logoUrl, alt }: { logoUrl: string | null; alt: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!logoUrl || failedUrl === logoUrl) return <BrainIcon />;
  return (
    <img src={logoUrl} alt={alt} className="h-12 max-w-48 object-contain" onError={() => setFailedUrl(logoUrl)} />
  );
}
