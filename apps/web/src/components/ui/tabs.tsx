import { Link, useMatch } from 'react-router'

export type TabItem = { to: string; label: string }

function Tab({ item }: { item: TabItem }) {
  const isActive = useMatch({ path: item.to, end: true }) !== null
  return (
    <Link to={item.to} replace role="tab" aria-selected={isActive} className="tabs__tab">
      {item.label}
    </Link>
  )
}

/** Route-driven tabs: the URL holds the selected tab (STYLE: the route owns tab state). */
export function Tabs({ items, label }: { items: readonly TabItem[]; label: string }) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item) => (
        <Tab key={item.to} item={item} />
      ))}
    </div>
  )
}
