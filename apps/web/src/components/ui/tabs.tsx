import { Link, useMatch } from 'react-router'

export type TabItem = { to: string; label: string }

function Tab({ item, search }: { item: TabItem; search: string | undefined }) {
  const isActive = useMatch({ path: item.to, end: true }) !== null
  return (
    <Link
      to={{ pathname: item.to, search }}
      replace
      role="tab"
      aria-selected={isActive}
      className="tabs__tab"
    >
      {item.label}
    </Link>
  )
}

/**
 * Route-driven tabs: the URL holds the selected tab (STYLE: the route owns tab state). `search` (a query
 * string) is kept when switching tabs.
 */
export function Tabs({
  items,
  label,
  search,
}: {
  items: readonly TabItem[]
  label: string
  search?: string
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item) => (
        <Tab key={item.to} item={item} search={search} />
      ))}
    </div>
  )
}
