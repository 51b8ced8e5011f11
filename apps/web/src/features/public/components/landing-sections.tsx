import { useEffect } from 'react';
import { CaseStudies } from './case-studies.tsx';
import { FaqSection } from './faq-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { PricingSection } from './pricing-section.tsx';
import { WaitlistSection } from './waitlist-section.tsx';

/** Everything below the hero, in the spec's order. */
export function LandingSections() {
  // Opened as /#faq (or another section): scroll there once the sections exist.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <>
      <HowItWorks />
      <FeaturesSection />
      <CaseStudies />
      <WaitlistSection />
      <FaqSection />
      <PricingSection />
    </>
  );
}
