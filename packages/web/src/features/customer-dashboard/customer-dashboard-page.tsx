import type { CustomerDashboard } from '@butler/contract/dashboard';
import { Box, Button, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconHourglassEmpty } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useLoungeTexts } from '../../app/lounge-voice';
import { useSession } from '../../app/session-context';
import { MountOnFirstOpen } from '../../components/mount-on-first-open';
import { PageLoader } from '../../components/page-loader';
import { RenderAfterFirstStep, useAfterFirstStep } from '../../components/render-after-first-step';
import { RenderInSteps } from '../../components/render-in-steps';
import { RenderWhenIdle } from '../../components/render-when-idle';
import layout from '../../components/responsive.module.css';
import { StatementsCard, statementsQuery } from '../../components/statements-card';
import { ErrorState } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { usePhone } from '../../lib/use-phone';
import { loadLoungeMonthCard } from '../month-confirmations';
import { loadLoungeOrdersCard, loungeOrdersQuery } from '../orders';
import { useCustomerDashboard } from './api/queries';
import { EndingNote } from './components/ending-note';
import { FeaturedProjects, featuredProjectsQuery } from './components/featured-projects';
import { GreetingHeader } from './components/greeting-header';
import { HourPackageCard } from './components/hour-package-card';
import { HourShopCard, HourShopLink, useHourShopOpen } from './components/hour-shop-link';
import { LowBalanceBanner } from './components/low-balance-banner';
import { ProjectsCard } from './components/projects-card';
import { ReferralSection } from './components/referral-section';
import { SubscriptionCard } from './components/subscription-card';
import { customerInvoicesQuery } from './invoices/invoices-query';
import { loungeVisitsQuery } from './visits/lounge-visits-query';

const ContactDialog = lazy(async () => ({ default: (await import('./components/contact-dialog')).ContactDialog }));
// "Meine Rechnungen" comes as its own script below the first screen (the lounge's first-load budget).
// "Meine Aufträge" as well (decision 0810): its script and its data come after the first paint.
const LoungeOrdersCard = lazy(async () => ({
  default: (await loadLoungeOrdersCard()).LoungeOrdersCard,
}));
// "Nächste Termine" as well (decision 0840).
const LoungeVisitsCard = lazy(async () => ({
  default: (await import('./visits/lounge-visits-card')).LoungeVisitsCard,
}));
// "Monatsfreigabe" as well (decision 0852): it stands only when an ended month waits for the customer.
const LoungeMonthCard = lazy(async () => ({ default: (await loadLoungeMonthCard()).LoungeMonthCard }));
const InvoicesCard = lazy(async () => ({ default: (await import('./invoices/invoices-card')).InvoicesCard }));

function QuietCard({ text, testId, children }: { text: string; testId: string; children?: ReactNode }) {
  return (
    <Card h="100%" data-testid={testId}>
      <Stack align="center" justify="center" gap="sm" py="xl" h="100%">
        <ThemeIcon variant="light" color="gray" size={52} radius="xl">
          <IconHourglassEmpty size={28} aria-hidden />
        </ThemeIcon>
        <Text c="dimmed" ta="center">
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** Where 'Alle anzeigen' leads: the customer's own lists or the admin version (SPEC §2). */
function deductionsHref(adminView: boolean, customerId: number, kind: 'butler-packages' | 'hour-packages') {
  return adminView ? `/admin/customers/${customerId}/time-entries/${kind}` : `/customer/time-entries/${kind}`;
}

function Lounge({ data, adminView }: { data: CustomerDashboard; adminView: boolean }) {
  const [contactOpen, contact] = useDisclosure(false);
  const id = data.customer.id;
  return (
    <Stack gap="lg">
      {adminView && (
        <Box>
          <Button
            component={Link}
            to={`/admin/customers/${id}/view`}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            px={4}
          >
            Zur Kundenübersicht
          </Button>
        </Box>
      )}
      <GreetingHeader customer={data.customer} adminView={adminView} onContact={contact.open} />
      <LowBalanceBanner balance={data.low_balance} onContact={contact.open} />
      <EndingNote ending={data.subscription_ending} onContact={contact.open} />
      <RenderAfterFirstStep>
        <LoungeCards data={data} adminView={adminView} onContact={contact.open} />
      </RenderAfterFirstStep>
      <MountOnFirstOpen opened={contactOpen}>
        <ContactDialog contact={data.contact} opened={contactOpen} onClose={contact.close} />
      </MountOnFirstOpen>
    </Stack>
  );
}

/**
 * Everything under the greeting, rendered in steps (decisions 0412, 0415, 0832): the hour
 * cards (and on wider screens the referral part above them) right after the greeting; on a
 * phone, where the first hour card fills the first screen, the second one and the referral
 * part in a step after that; the lower half, card by card, when the browser is idle or when
 * it comes near the viewport. Its placeholder comes only with the part above it, so it
 * starts where the lower half will start.
 */
function LoungeCards({
  data,
  adminView,
  onContact,
}: {
  data: CustomerDashboard;
  adminView: boolean;
  onContact: () => void;
}) {
  const queryClient = useQueryClient();
  const t = useLoungeTexts();
  // On a phone the hours come first and the referral block follows them (decision 0623); wider
  // screens keep SPEC §2's order (referral card above the rings).
  const phone = usePhone();
  const restOfPhoneScreen = useAfterFirstStep();
  const upperPartShown = !phone || restOfPhoneScreen;
  const referral = <ReferralSection data={data} />;
  const id = data.customer.id;
  const hasPackages = data.total_hours_purchased > 0 || data.hour_package_deductions_count > 0;
  const hourCards = [
    data.subscription && data.usable_hours.butler ? (
      <SubscriptionCard
        key="subscription"
        subscription={data.subscription}
        usable={{ ...data.usable_hours, butler: data.usable_hours.butler }}
        forecast={data.forecast.subscription}
        deductions={data.subscription_deductions}
        total={data.subscription_deductions_count}
        allHref={deductionsHref(adminView, id, 'butler-packages')}
        customerId={id}
        adminView={adminView}
      />
    ) : hasPackages ? (
      <QuietCard key="subscription" text="Keine ButlerPaket-Daten verfügbar" testId="subscription-missing" />
    ) : null,
    hasPackages ? (
      <HourPackageCard key="packages" data={data} allHref={deductionsHref(adminView, id, 'hour-packages')} />
    ) : null,
  ].filter(Boolean);
  // "Stunden nachkaufen" (decision 0850): beside a lone hours card on a wide screen, else under the cards.
  const offerShop = !adminView && upperPartShown && !data.low_balance;
  const shopOpen = useHourShopOpen(offerShop);
  const shopBeside = offerShop && shopOpen && !phone && hourCards.length === 1;

  return (
    <>
      {!phone && referral}
      {hourCards.length === 0 ? (
        <QuietCard text="Keine Stunden verfügbar" testId="no-hours">
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {t.noHoursOffer}
          </Text>
          <Button variant="light" onClick={onContact}>
            Mein BUTLER kontaktieren
          </Button>
        </QuietCard>
      ) : (
        <div className={layout.twoColumns}>
          {upperPartShown ? hourCards : hourCards[0]}
          {shopBeside && <HourShopCard text={t.hourShopCard} />}
        </div>
      )}
      {offerShop && !shopBeside && <HourShopLink />}
      {phone && restOfPhoneScreen && referral}
      {upperPartShown && (
        <RenderWhenIdle
          minHeight={480}
          prefetch={() =>
            Promise.all([
              queryClient.prefetchQuery(featuredProjectsQuery),
              queryClient.prefetchQuery(statementsQuery(id)),
              queryClient.prefetchQuery(customerInvoicesQuery(id)),
              queryClient.prefetchQuery(loungeOrdersQuery(id)),
              queryClient.prefetchQuery(loungeVisitsQuery(id)),
            ])
          }
        >
          <Stack gap="lg">
            {/* One card (or row of cards) per render and commit: short tasks (decision 0832). */}
            <RenderInSteps>
              {/* No placeholder: the card stands only when there is a visit ahead or a Fahrt used. */}
              <Suspense fallback={null}>
                <LoungeVisitsCard customerId={id} adminView={adminView} contactPhone={data.contact.contact_phone} />
              </Suspense>
              {!adminView && (
                <Suspense fallback={null}>
                  <LoungeMonthCard customerId={id} />
                </Suspense>
              )}
              <Suspense fallback={<Card mih={160} data-testid="lounge-orders-loading" />}>
                <LoungeOrdersCard customerId={id} adminView={adminView} />
              </Suspense>
              <FeaturedProjects />
              <div className={layout.twoColumns}>
                <Suspense fallback={<Card mih={200} data-testid="invoices-card-loading" />}>
                  <InvoicesCard customerId={id} />
                </Suspense>
                <StatementsCard customerId={id} staff={adminView} />
              </div>
              <ProjectsCard projects={data.projects} />
            </RenderInSteps>
          </Stack>
        </RenderWhenIdle>
      )}
    </>
  );
}

/** The lounge; `adminView` when an admin opens a customer's dashboard (route param id). */
export function CustomerDashboardPage({ adminView = false }: { adminView?: boolean }) {
  const { user } = useSession();
  const params = useParams();
  const raw = adminView ? Number(params.id) : (user?.id ?? Number.NaN);
  const customerId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data, isPending, isError, error, refetch } = useCustomerDashboard(customerId);

  if (customerId === null) return <ErrorState text="Kunde nicht gefunden" />;
  if (isPending) return <PageLoader text="Lade Dashboard..." />;
  if (isError) {
    const notFound = adminView && error instanceof ApiError && error.status === 404;
    return (
      <ErrorState text={notFound ? 'Kunde nicht gefunden' : 'Fehler beim Laden der Daten'} onRetry={() => refetch()} />
    );
  }
  return <Lounge data={data} adminView={adminView} />;
}
