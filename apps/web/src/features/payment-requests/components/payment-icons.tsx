import { Svg } from '#components/icons.tsx'

/** Line icons of the payout methods (24x24, currentColor), drawn on the method tiles. */
export const TronIcon = () => (
  <Svg>
    <path d="M3 4l18 4-9 13z" />
    <path d="M3 4l9 17M21 8l-9 2-9-6" />
  </Svg>
)

export const TetherIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M7.5 7.5h9M12 7.5V17" />
    <ellipse cx="12" cy="11.5" rx="4.5" ry="1.5" />
  </Svg>
)

export const BankIcon = () => (
  <Svg>
    <path d="M3 9.5 12 4l9 5.5" />
    <path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8" />
    <path d="M3 20.5h18" />
  </Svg>
)

export const CopyIcon = ({ label }: { label?: string }) => (
  <Svg {...(label ? { label } : {})}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a1 1 0 0 1 1-1h10" />
  </Svg>
)

export const ExternalLinkIcon = () => (
  <Svg>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Svg>
)
