import { useState, type CSSProperties } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  mdiAccountGroup,
  mdiAlertCircleOutline,
  mdiArrowLeft,
  mdiBackupRestore,
  mdiCertificate,
  mdiChartLine,
  mdiCheckCircleOutline,
  mdiClose,
  mdiCloudOutline,
  mdiDatabase,
  mdiDelete,
  mdiEmailAlert,
  mdiEye,
  mdiEyeOff,
  mdiHammerWrench,
  mdiInformationOutline,
  mdiLan,
  mdiLogout,
  mdiMenu,
  mdiPencil,
  mdiPlay,
  mdiPlus,
  mdiPower,
  mdiRefresh,
  mdiRestart,
  mdiServer,
  mdiServerNetwork,
  mdiShieldAccount,
  mdiShieldCheck,
  mdiStop,
  mdiTextBoxSearch,
  mdiViewDashboard,
  mdiWeatherNight,
  mdiWhiteBalanceSunny,
} from '@mdi/js';
import { Icon } from './Icon.tsx';
import { customIcons } from './custom/index.ts';

const MDI_SAMPLE: Record<string, string> = {
  mdiAccountGroup,
  mdiAlertCircleOutline,
  mdiArrowLeft,
  mdiBackupRestore,
  mdiCertificate,
  mdiChartLine,
  mdiCheckCircleOutline,
  mdiClose,
  mdiCloudOutline,
  mdiDatabase,
  mdiDelete,
  mdiEmailAlert,
  mdiEye,
  mdiEyeOff,
  mdiHammerWrench,
  mdiInformationOutline,
  mdiLan,
  mdiLogout,
  mdiMenu,
  mdiPencil,
  mdiPlay,
  mdiPlus,
  mdiPower,
  mdiRefresh,
  mdiRestart,
  mdiServer,
  mdiServerNetwork,
  mdiShieldAccount,
  mdiShieldCheck,
  mdiStop,
  mdiTextBoxSearch,
  mdiViewDashboard,
  mdiWeatherNight,
  mdiWhiteBalanceSunny,
};

const CUSTOM: Record<string, string> = Object.fromEntries(
  Object.entries(customIcons).map(([name, path]) => [`customIcons.${name}`, path]),
);

const styles = {
  page: {
    display: 'grid',
    gap: 24,
    color: 'var(--ui-color-text)',
    fontFamily: 'var(--ui-font-family)',
  },
  search: {
    font: 'inherit',
    padding: '8px 12px',
    width: 'min(360px, 100%)',
    border: '1px solid var(--ui-color-border-strong)',
    borderRadius: 'var(--ui-radius-sm)',
    background: 'var(--ui-color-surface)',
    color: 'var(--ui-color-text)',
  },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: 12,
  },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: 8,
    padding: 12,
    borderRadius: 'var(--ui-radius-md)',
    background: 'var(--ui-color-surface)',
    border: '1px solid var(--ui-color-border)',
    fontSize: 'var(--ui-font-size-xs)',
    color: 'var(--ui-color-text-secondary)',
    overflowWrap: 'anywhere',
    textAlign: 'center',
  },
  heading: { margin: 0, fontSize: 'var(--ui-font-size-lg)' },
} satisfies Record<string, CSSProperties>;

function IconGrid({
  heading,
  icons,
  filter,
}: {
  heading: string;
  icons: Record<string, string>;
  filter: string;
}) {
  const shown = Object.entries(icons).filter(([name]) =>
    name.toLowerCase().includes(filter.toLowerCase()),
  );
  return (
    <section aria-label={heading}>
      <h2 style={styles.heading}>
        {heading} ({shown.length})
      </h2>
      {shown.length === 0 ? (
        <p>No icon matches “{filter}”.</p>
      ) : (
        <ul style={styles.grid}>
          {shown.map(([name, path]) => (
            <li key={name} style={styles.tile}>
              <Icon path={path} size={32} color="var(--ui-color-text)" />
              <code>{name}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Gallery({ initialFilter = '' }: { initialFilter?: string }) {
  const [filter, setFilter] = useState(initialFilter);
  return (
    <div style={styles.page}>
      <label style={{ display: 'grid', gap: 4 }}>
        <span>Search icons by name</span>
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          style={styles.search}
        />
      </label>
      <IconGrid heading="Custom icons" icons={CUSTOM} filter={filter} />
      <IconGrid heading="Material Design Icons (sample)" icons={MDI_SAMPLE} filter={filter} />
    </div>
  );
}

const meta = {
  title: 'Icons/Gallery',
  component: Gallery,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Gallery>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every custom icon and a sample of Material Design Icons; type to filter by name. */
export const Playground: Story = {};

/** Filtered to the network icons. */
export const Filtered: Story = { args: { initialFilter: 'net' } };

/** Nothing matches the filter. */
export const NoMatch: Story = { args: { initialFilter: 'zzz' } };

/** Sizes and an accessible (titled) icon next to decorative ones. */
export const SizesAndTitles: Story = {
  render: () => (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        color: 'var(--ui-color-primary-text)',
      }}
    >
      <Icon path={customIcons.cloud} size={16} />
      <Icon path={customIcons.cloud} />
      <Icon path={customIcons.cloud} size={48} title="Skyport Cloud" />
      <Icon
        path={customIcons.router}
        size="3rem"
        color="var(--ui-color-success-text)"
        title="Router online"
      />
    </div>
  ),
};
