import {
  COMMUNITY_BRAND_NAME,
  DEFAULT_BRAND_NAME,
  DOCUMENT_TITLE,
  detectVariant,
  type PortalConfigResponse,
  type PortalVariant,
} from '@vireo/shared';
import { useEffect } from 'react';
import { usePortalConfig } from '../../../entities/api/get-portal-config';

export type PortalBranding = {
  brandName: string;
  documentTitle: string;
  /** product-decisions.md: the business portal, or the community one (wider-portal.md §10). */
  variant: PortalVariant;
  /** Undefined until the server's configuration arrives (or when it cannot be loaded). */
  config: PortalConfigResponse | undefined;
};

/**
 * Brand and title from the server; until they arrive (or if the call fails) the host name decides the variant the
 * same way the server does, so the community site never flashes the business brand.
 */
export function usePortalBranding(): PortalBranding {
  const { data } = usePortalConfig();
  if (data) {
    return { brandName: data.brandName, documentTitle: data.documentTitle, variant: data.variant, config: data };
  }
  const variant = detectVariant(window.location.host) ?? 'business';
  return {
    brandName: variant === 'community' ? COMMUNITY_BRAND_NAME : DEFAULT_BRAND_NAME,
    documentTitle: DOCUMENT_TITLE[variant],
    variant,
    config: undefined,
  };
}

/** spec §2.4: the document title differs per variant; the server sends it as `documentTitle`. */
export function usePortalDocumentTitle(): void {
  const { documentTitle } = usePortalBranding();
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
}
