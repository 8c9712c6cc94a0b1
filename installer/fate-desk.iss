; Inno Setup script for a Windows installer of Fate Desk. UNTESTED: there is no Windows machine
; here. Build the bundle on Windows first (`make bundle`, or
; `python -m PyInstaller --noconfirm --distpath dist installer\fate-desk.spec`), then run
;   iscc /DAppVersion=0.1.0 installer\fate-desk.iss
; which writes dist\fate-desk-0.1.0-setup.exe.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define AppName "Fate Desk"
#define AppExe "fate-desk.exe"

[Setup]
; The AppId identifies the program to Windows across versions: never change it.
AppId={{7E0F6C8A-2B1D-4C55-9A43-FD1E5A7C0B19}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=Fate Desk developers
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Per-user install by default; the dialog lets an administrator install for everyone.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir=..\dist
OutputBaseFilename=fate-desk-{#AppVersion}-setup
SetupIconFile=..\resources\icons\app\fate-desk.ico
UninstallDisplayIcon={app}\{#AppExe}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "associate"; Description: "Open Fate Desk campaigns (*.fatedesk) with Fate Desk"; GroupDescription: "File types:"

[Files]
Source: "..\dist\fate-desk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; *.fatedesk belongs to Fate Desk. Windows knows a file only by its last extension, so
; *.fate.json and *.fate-campaign.json are offered under "Open with" for .json files instead.
Root: HKA; Subkey: "Software\Classes\.fatedesk\OpenWithProgids"; ValueType: string; ValueName: "FateDesk.Campaign"; ValueData: ""; Flags: uninsdeletevalue; Tasks: associate
Root: HKA; Subkey: "Software\Classes\.fatedesk"; ValueType: string; ValueName: ""; ValueData: "FateDesk.Campaign"; Flags: uninsdeletevalue; Tasks: associate
Root: HKA; Subkey: "Software\Classes\FateDesk.Campaign"; ValueType: string; ValueName: ""; ValueData: "Fate Desk campaign"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\FateDesk.Campaign\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\FateDesk.Campaign\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\.json\OpenWithProgids"; ValueType: string; ValueName: "FateDesk.Json"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\FateDesk.Json"; ValueType: string; ValueName: ""; ValueData: "Fate character or campaign bundle"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\FateDesk.Json\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\FateDesk.Json\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".fatedesk"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".json"; ValueData: ""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
