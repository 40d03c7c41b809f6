import type { ReactNode } from 'react';
import { PRICING, type VisitorInfo } from '../../domain/pricing';
import { useI18nContext } from '../../i18n/i18n-react';

interface Props {
  offer: VisitorInfo;
  /** The landing page invites to subscribe within N days; /subscribe counts the days left. */
  countdown: 'subscribeWithin' | 'daysLeft';
  /** The plan's heading, one level below the page's heading above it (h1 on /subscribe, h2 on the landing page). */
  headingLevel: 'h2' | 'h3';
  children?: ReactNode;
}

/** The plan card, shared by the landing page and /subscribe. */
export function PricingPlan({ offer, countdown, headingLevel: Heading, children }: Props) {
  const { LL } = useI18nContext();
  const text = LL.pricing;
  const days = offer.daysRemaining;
  return (
    <div className="card mx-auto w-full max-w-md bg-base-100 shadow-lg">
      <div className="card-body gap-3 text-center">
        <Heading className="card-title self-center">{text.planName()}</Heading>
        {offer.hasSpecialOffer && <span className="badge badge-secondary self-center">{text.specialOffer()}</span>}
        <p className="text-base-content/70 line-through">{text.originalPrice({ price: PRICING.originalMonthly })}</p>
        {offer.hasSpecialOffer ? (
          <>
            <p className="text-4xl font-bold">{text.perMonth({ price: PRICING.offerMonthly })}</p>
            <p>{text.offerTerms({ months: PRICING.offerMonths, then: PRICING.launchMonthly })}</p>
            {/* The page's own text colour: the secondary colour on white read 3.0:1 (axe). */}
            {days > 0 && (
              <p className="font-semibold">
                {countdown === 'subscribeWithin' ? text.countdown({ days }) : text.daysLeft({ days })}
              </p>
            )}
          </>
        ) : (
          <>
            <p className="text-4xl font-bold">{text.perMonth({ price: PRICING.launchMonthly })}</p>
            <p>{text.launchPrice()}</p>
          </>
        )}
        <ul className="flex flex-col gap-1 text-left">
          <li>✓ {text.freeBookings({ count: PRICING.freeBookings })}</li>
          <li>✓ {text.features.screener()}</li>
          <li>✓ {text.features.insights()}</li>
          <li>✓ {text.features.emails()}</li>
          <li>✓ {text.cancelAnytime()}</li>
        </ul>
        {children}
      </div>
    </div>
  );
}
